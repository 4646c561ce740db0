// Font files: only a regular file of bounded size is opened, and it is read once into memory of its own so
// FreeType (checking it) and HarfBuzz (shaping with it) read the same bytes, which no later change to the
// file can touch. A FIFO, socket or device given as a font path
// would otherwise block `open` or `read` forever, or feed the libraries an endless stream.
#include "CTextFit.h"
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

// An empty file cannot be mapped; FreeType is handed this instead and says "unknown format" as for any
// other file that is not a font.
static const char empty_file[1] = {0};

static int64_t nanoseconds(struct timespec time) { return (int64_t)time.tv_sec * 1000000000 + time.tv_nsec; }

int32_t tf_file_signature(const char *path, uint64_t *device, uint64_t *inode, uint64_t *size,
                          int64_t *modified_ns, int64_t *changed_ns) {
    struct stat status;
    if (stat(path, &status) != 0) return errno;
    *device = (uint64_t)status.st_dev;
    *inode = (uint64_t)status.st_ino;
    *size = (uint64_t)status.st_size;
    *modified_ns = nanoseconds(status.st_mtim);
    *changed_ns = nanoseconds(status.st_ctim);
    return 0;
}

int32_t tf_font_file_map(const char *path, uint64_t size_limit, tf_font_bytes *bytes, int32_t *system_error) {
    bytes->bytes = NULL;
    bytes->length = 0;
    *system_error = 0;
    // stat first: opening a FIFO for reading blocks until a writer comes, and opening a device can act on it.
    struct stat status;
    if (stat(path, &status) != 0) {
        *system_error = errno;
        return (errno == ENOENT || errno == ENOTDIR) ? TF_FONT_FILE_NOT_FOUND : TF_FONT_FILE_CANNOT_OPEN;
    }
    if (!S_ISREG(status.st_mode)) return TF_FONT_FILE_NOT_REGULAR;
    if ((uint64_t)status.st_size > size_limit) return TF_FONT_FILE_TOO_LARGE;
    // O_NONBLOCK and a second check on the open descriptor: the path may have been replaced since stat.
    int descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (descriptor < 0) {
        *system_error = errno;
        return errno == ENOENT ? TF_FONT_FILE_NOT_FOUND : TF_FONT_FILE_CANNOT_OPEN;
    }
    if (fstat(descriptor, &status) != 0) {
        *system_error = errno;
        close(descriptor);
        return TF_FONT_FILE_CANNOT_OPEN;
    }
    if (!S_ISREG(status.st_mode)) {
        close(descriptor);
        return TF_FONT_FILE_NOT_REGULAR;
    }
    if ((uint64_t)status.st_size > size_limit) {
        close(descriptor);
        return TF_FONT_FILE_TOO_LARGE;
    }
    bytes->device = (uint64_t)status.st_dev;
    bytes->inode = (uint64_t)status.st_ino;
    bytes->modified_ns = nanoseconds(status.st_mtim);
    bytes->changed_ns = nanoseconds(status.st_ctim);
    if (status.st_size == 0) {
        close(descriptor);
        bytes->bytes = empty_file;
        return TF_FONT_FILE_OK;
    }
    size_t length = (size_t)status.st_size;
    // One byte more than the size: a read that fills it means the file grew while it was read. Memory of
    // its own (an anonymous mapping), not malloc's: a font's bytes live as long as its face, and large
    // blocks from the heap left malloc's later small blocks slower to find (relayout's line records:
    // about 24 instructions a malloc more, callgrind).
    char *copy = mmap(NULL, length + 1, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (copy == MAP_FAILED) {
        *system_error = errno;
        close(descriptor);
        return TF_FONT_FILE_CANNOT_OPEN;
    }
    size_t done = 0;
    while (done < length + 1) {
        ssize_t got = pread(descriptor, copy + done, length + 1 - done, (off_t)done);
        if (got < 0) {
            if (errno == EINTR) continue;
            *system_error = errno;
            munmap(copy, length + 1);
            close(descriptor);
            return TF_FONT_FILE_CANNOT_OPEN;
        }
        if (got == 0) break;
        done += (size_t)got;
    }
    close(descriptor);
    if (done != length) {
        munmap(copy, length + 1);
        return TF_FONT_FILE_CHANGED;
    }
    bytes->bytes = copy;
    bytes->length = length;
    return TF_FONT_FILE_OK;
}

void tf_font_file_unmap(tf_font_bytes bytes) {
    if (bytes.bytes == NULL || bytes.bytes == empty_file) return;
    munmap((void *)bytes.bytes, bytes.length + 1);
}
