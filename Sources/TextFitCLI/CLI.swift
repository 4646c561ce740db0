import TextFit
