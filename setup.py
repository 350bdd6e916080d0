"""setuptools driving CMake for the Python module (pyproject.toml has the metadata).

`pip install --no-build-isolation .` configures the project with -DSUDOKU_PYTHON=ON for the
interpreter running pip, builds only the module's target (sudoku_bench_core: the library and
its bindings, no tests or benchmarks) and puts the module in the package. CMAKE_ARGS adds
configure options; SUDOKU_BENCH_BUILD_DIR keeps the CMake build in a folder of your choice
(default: build-python/cmake, so a second install rebuilds only what changed).
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


def version() -> str:
    text = (ROOT / "CMakeLists.txt").read_text()
    return re.search(r"project\(sudoku-bench VERSION ([0-9.]+)", text).group(1)


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        target = Path(self.get_ext_fullpath(ext.name)).resolve()
        build = Path(os.environ.get("SUDOKU_BENCH_BUILD_DIR") or ROOT / "build-python" / "cmake").resolve()
        build.mkdir(parents=True, exist_ok=True)
        configure = ["cmake", "-S", str(ROOT), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release",
                     "-DSUDOKU_PYTHON=ON", "-DSUDOKU_TESTS=OFF", "-DSUDOKU_BENCH=OFF",
                     f"-DPython_EXECUTABLE={sys.executable}"]
        if shutil.which("ccache"):
            configure += ["-DCMAKE_CXX_COMPILER_LAUNCHER=ccache", "-DCMAKE_C_COMPILER_LAUNCHER=ccache"]
        configure += shlex.split(os.environ.get("CMAKE_ARGS", ""))
        subprocess.run(configure, check=True)
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL") or str(os.cpu_count() or 1)
        subprocess.run(["cmake", "--build", str(build), "--target", "sudoku_bench_core", "-j", jobs], check=True)
        built = sorted((build / "python" / "sudoku_bench").glob("_core*.so"))
        if not built:
            raise RuntimeError(f"no _core module in {build / 'python' / 'sudoku_bench'}")
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(built[0], target)


setup(
    version=version(),
    ext_modules=[Extension("sudoku_bench._core", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    options={"build": {"build_base": "build-python"}},
)
