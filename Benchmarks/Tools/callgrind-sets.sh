#!/usr/bin/env bash
# Usage: [CASES=FILE.jsonl] Tools/callgrind-sets.sh BINARY OUTDIR [SET...]
# Instruction counts per case set under callgrind (steady on a busy machine, unlike times): TextFit cold
# and warm per case, the whole-text HarfBuzz floor per case, relayout per text and width for `measure`
# and `layout`. BINARY is a release textfit-bench whose debug info valgrind can read (README, Profiling:
# a DWARF 4 build, or `objcopy --strip-debug` for function names only). Prints one TSV row per set and
# keeps each run's callgrind file in OUTDIR for `callgrind_annotate --inclusive=yes`.
set -euo pipefail
bin=$1; out=$2; shift 2; mkdir -p "$out"
sets=("$@")
[ ${#sets[@]} -gt 0 ] || sets=(latin chinese japanese cyrillic mixed feed ui paragraph latin-inter latin-liberation
    latin-notoserif greek-notosans chinese-notocjk japanese-notocjk chinese-droid japanese-droid)
samples=1
# One valgrind run per set for the three modes (its start-up is most of a run's time on a busy machine):
# a dump on entering each mode's function splits the profile into a part per mode.
cold_fn='$s13textfit_bench5BenchC13runFromString4coldySb_tKF'
relayout_fn='$s13textfit_bench5BenchC11runRelayoutyyKF'
ir() { # file function-pattern: inclusive Ir of the first matching function
  { callgrind_annotate --inclusive=yes "$1" 2>/dev/null || true; } | grep -E "$2" | head -1 | awk '{gsub(",","",$1); print $1}'
}
# CASES=FILE.jsonl reads the sets from another corpus (the catalog set: Corpus/make-catalog-set.py).
corpus="${CASES:-$(dirname "$0")/../Corpus/cases.jsonl}"
printf 'set\tcases\tcold_ir_per_case\tfloor_ir_per_case\tcold_over_floor\twarm_ir_per_case\tmeasure_ir_per_width\tlayout_ir_per_width\n'
for s in "${sets[@]}"; do
  # The set's cases in a file of their own: parsing the whole corpus under valgrind takes minutes.
  grep -E "\"id\": \"$s-[0-9]+\"" "$corpus" > "$out/$s.jsonl"
  n=$(wc -l < "$out/$s.jsonl")
  valgrind --tool=callgrind --collect-atstart=no --dump-instr=no --dump-before="$cold_fn" \
    --dump-before="$relayout_fn" --callgrind-out-file="$out/$s.out" \
    "$bin" --mode cold,warm,relayout --engines textfit,harfbuzz --cases "$out/$s.jsonl" --samples $samples \
    --warmup 1 --no-agreement > "$out/$s.log" 2>&1
  # Parts: .1 before cold (empty), .2 cold (dumped on entering warm), .3 warm, then relayout (the last).
  cold=$(ir "$out/$s.out.2" 'bench_pass_textfit_from_string')
  floor=$(ir "$out/$s.out.2" 'bench_pass_harfbuzz_floor')
  warm=$(ir "$out/$s.out.3" 'bench_pass_textfit_from_string')
  measure=$(ir "$out/$s.out" 'bench_pass_textfit_relayout_measure')
  layout=$(ir "$out/$s.out" 'bench_pass_textfit_relayout_layout')
  awk -v s="$s" -v n="$n" -v k=$samples -v c="$cold" -v f="$floor" -v w="$warm" -v m="$measure" -v l="$layout" \
    'BEGIN { printf "%s\t%d\t%.0f\t%.0f\t%.2f\t%.0f\t%.0f\t%.0f\n", s, n, c/(k*n), f/(k*n), c/f, w/(k*n), m/(k*n*8), l/(k*n*8) }'
done
