"""setuptools driving CMake for the Python module (pyproject.toml has the metadata).

`pip install --no-build-isolation .` configures the project with -DSUDOKU_PYTHON=ON for the
interpreter running pip, builds only the package's target (sudoku_bench_package: the module, its library and
its bindings, no tests or benchmarks) and puts the module in the package. CMAKE_ARGS adds
configure options; SUDOKU_BENCH_BUILD_DIR keeps the CMake build in a folder of your choice
(default: build-python/cmake, so a second install rebuilds only what changed).

SUDOKU_BENCH_CMAKE_BUILD=DIR installs the module of a CMake build you made already (configured
with -DSUDOKU_PYTHON=ON for this interpreter, e.g. scripts/setup.sh's build/): it is brought up
to date (`cmake --build DIR --target sudoku_bench_package`, nothing when it is) but not configured
again, so its options and its tests stay as they are. scripts/test.sh installs that way; the
whole build from source is scripts/python_install_check.sh's.
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT / "python"))
from build_backend import cmake_program, pybind11_dir  # noqa: E402  (the backend's own checks)


def version() -> str:
    text = (ROOT / "CMakeLists.txt").read_text()
    return re.search(r"project\(sudoku-bench VERSION ([0-9.]+)", text).group(1)


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        target = Path(self.get_ext_fullpath(ext.name)).resolve()
        existing = os.environ.get("SUDOKU_BENCH_CMAKE_BUILD")
        if existing:
            build = Path(existing).resolve()
            if not (build / "CMakeCache.txt").is_file():
                raise RuntimeError(f"SUDOKU_BENCH_CMAKE_BUILD={existing}: not a configured CMake build "
                                   "(scripts/setup.sh makes one in build/)")
        cmake = cmake_program() or "cmake"
        if not existing:
            build = Path(os.environ.get("SUDOKU_BENCH_BUILD_DIR") or ROOT / "build-python" / "cmake").resolve()
            build.mkdir(parents=True, exist_ok=True)
            configure = [cmake, "-S", str(ROOT), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release",
                         "-DSUDOKU_PYTHON=ON", "-DSUDOKU_TESTS=OFF", "-DSUDOKU_BENCH=OFF",
                         f"-DPython_EXECUTABLE={sys.executable}"]
            if pybind11_dir():  # PyPI's pybind11 (else CMake finds the system's)
                configure.append(f"-Dpybind11_DIR={pybind11_dir()}")
            if shutil.which("ccache"):
                configure += ["-DCMAKE_CXX_COMPILER_LAUNCHER=ccache", "-DCMAKE_C_COMPILER_LAUNCHER=ccache"]
            configure += shlex.split(os.environ.get("CMAKE_ARGS", ""))
            subprocess.run(configure, check=True)
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL") or str(os.cpu_count() or 1)
        subprocess.run([cmake, "--build", str(build), "--target", "sudoku_bench_package", "-j", jobs], check=True)
        # The module's name carries the interpreter's ABI (_core.cpython-311-x86_64-linux-gnu.so):
        # a build made for another interpreter is refused rather than installed unloadable.
        built = build / "python" / "sudoku_bench" / ("_core" + sysconfig.get_config_var("EXT_SUFFIX"))
        if not built.is_file():
            found = ", ".join(p.name for p in (build / "python" / "sudoku_bench").glob("_core*.so")) or "none"
            raise RuntimeError(f"{build}: no module {built.name} for {sys.executable} (found: {found}); "
                               "configure that build with -DSUDOKU_PYTHON=ON -DPython_EXECUTABLE=" + sys.executable)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(built, target)
        # The host of isolated plug-ins (load_plugin(isolate=True)) goes beside the module.
        shutil.copy2(built.parent / "sudoku-bench-plugin-host", target.parent / "sudoku-bench-plugin-host")


setup(
    version=version(),
    ext_modules=[Extension("sudoku_bench._core", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    options={"build": {"build_base": "build-python"}},
)
