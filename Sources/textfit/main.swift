import TextFitCLI
