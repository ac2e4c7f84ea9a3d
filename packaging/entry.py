"""The frozen executable's entry point (PyInstaller runs this file as ``__main__``)."""

import multiprocessing
import sys
import warnings

from app.__main__ import main

if __name__ == "__main__":
    # The bundle ships torch without its .py sources (hearth.spec); torch then warns, once per
    # overloaded function, that it can't read them. Nothing is compiled, so nothing is lost.
    warnings.filterwarnings("ignore", message="Unable to retrieve source for @torch.jit._overload")
    multiprocessing.freeze_support()  # torch/joblib may start helper processes: they must not re-run the app
    sys.exit(main())
