"""lit test format of Bobbin's OpenMP tests: each C/C++ test twice, built by
clang and by gcc; Fortran tests by gfortran only (see lit.cfg.py). A module
of its own, not part of lit.cfg.py, because lit pickles tests and their
format to its worker processes by class name."""
import lit.formats
import lit.Test


class GccTest(lit.Test.Test):
    """The gcc build of a test: named, and run in an Output directory, under
    gcc/; its source stays where it is."""

    def __init__(self, suite, path_in_suite, config, source):
        super().__init__(suite, ("gcc",) + tuple(path_in_suite), config, source)

    def getSourcePath(self):
        return self.file_path


class ClangAndGccTest(lit.formats.ShTest):
    def __init__(self, compilers, gcc_config, gcc_only=()):
        super().__init__(execute_external=False)
        self.compilers = compilers
        self.gcc_config = gcc_config
        self.gcc_only = set(gcc_only)        # directories without clang builds

    def getTestsInDirectory(self, suite, path_in_suite, litConfig, localConfig):
        for test in super().getTestsInDirectory(suite, path_in_suite, litConfig,
                                                localConfig):
            fortran = test.path_in_suite[-1].endswith(".f90")
            if ("clang" in self.compilers and not fortran
                    and test.path_in_suite[0] not in self.gcc_only):
                yield test
            if "gcc" in self.compilers and self.gcc_config is not None:
                yield GccTest(suite, test.path_in_suite, self.gcc_config,
                              test.getSourcePath())
