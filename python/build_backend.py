"""The build backend pip calls for sudoku-bench (pyproject.toml): setuptools' own, with what the
build needs checked first, so that a missing piece is one line saying what to install rather
than an error from deep inside setuptools ("invalid command 'bdist_wheel'") or CMake.

The build needs, in the environment of the Python running pip: setuptools; wheel where
setuptools is older than 70.1 (which has its own bdist_wheel); CMake (on PATH, beside the
interpreter, or the `cmake` package from PyPI); pybind11's CMake package (the `pybind11` package
from PyPI, or Debian's pybind11-dev). With build isolation (plain `pip install .`, online), pip
installs what get_requires_for_build_wheel() lists, CMake and pybind11 included when absent;
with --no-build-isolation (offline, Debian's packages), they must be there already.
"""
import os
import shutil
import sys
from pathlib import Path

try:
    from setuptools import build_meta as _setuptools
except ImportError:
    raise SystemExit(
        f"sudoku-bench: building needs setuptools in {sys.executable}'s environment: "
        f"{sys.executable} -m pip install setuptools wheel (Python 3.12 and later make venvs without it)")

# pybind11's CMake package as Debian's pybind11-dev installs it.
_SYSTEM_PYBIND11 = ("/usr/lib/cmake/pybind11", "/usr/share/cmake/pybind11", "/usr/local/lib/cmake/pybind11",
                    "/usr/local/share/cmake/pybind11")


def cmake_program():
    """The cmake to run, or None: on PATH, beside this interpreter (a venv's bin/ when it is not
    activated), or the PyPI package's."""
    found = shutil.which("cmake") or shutil.which("cmake", path=str(Path(sys.executable).parent))
    if found:
        return found
    try:
        import cmake  # PyPI's cmake package
        path = Path(cmake.CMAKE_BIN_DIR) / "cmake"
        return str(path) if path.is_file() else None
    except (ImportError, AttributeError):
        return None


def pybind11_dir():
    """pybind11's CMake folder: the PyPI package's (for CMake's -Dpybind11_DIR), "" when only
    the system's is there (CMake finds it itself), None when neither is."""
    try:
        import pybind11
        return pybind11.get_cmake_dir()
    except (ImportError, AttributeError):
        pass
    for prefix in [os.environ.get("CMAKE_PREFIX_PATH", "")] + list(_SYSTEM_PYBIND11):
        if prefix and any((Path(prefix) / p / "pybind11Config.cmake").is_file()
                          for p in ("", "lib/cmake/pybind11", "share/cmake/pybind11")):
            return ""
    return None


def _needs_wheel():
    try:
        import setuptools.command.bdist_wheel  # noqa: F401  setuptools 70.1 and later
        return False
    except ImportError:
        pass
    try:
        import wheel.bdist_wheel  # noqa: F401
        return False
    except ImportError:
        return True


def missing():
    """The PyPI names of what the build lacks here, in install order."""
    out = []
    if _needs_wheel():
        out.append("wheel")
    if cmake_program() is None:
        out.append("cmake")
    if pybind11_dir() is None:
        out.append("pybind11")
    return out


def _check():
    lack = missing()
    if lack:
        debian = {"wheel": "python3-wheel", "cmake": "cmake", "pybind11": "pybind11-dev"}
        raise SystemExit(
            f"sudoku-bench: building needs {', '.join(lack)} for {sys.executable}: "
            f"{sys.executable} -m pip install {' '.join(lack)} (offline on Debian: apt-get install "
            f"{' '.join(debian[x] for x in lack)}, and a venv made with --system-site-packages)")


def get_requires_for_build_wheel(config_settings=None):
    return list(_setuptools.get_requires_for_build_wheel(config_settings)) + [
        x for x in missing() if x != "wheel"]


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    _check()
    return _setuptools.prepare_metadata_for_build_wheel(metadata_directory, config_settings)


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    _check()
    return _setuptools.build_wheel(wheel_directory, config_settings, metadata_directory)


get_requires_for_build_sdist = _setuptools.get_requires_for_build_sdist
build_sdist = _setuptools.build_sdist
