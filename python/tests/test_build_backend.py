"""The build backend (python/build_backend.py): a build that lacks wheel, CMake or pybind11
says so in one line, naming what to install, before setuptools or CMake run; with build
isolation, CMake and pybind11 are asked of pip only where this machine has neither."""
import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def backend(monkeypatch):
    spec = importlib.util.spec_from_file_location("sudoku_build_backend", ROOT / "python" / "build_backend.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)

    class Setuptools:  # setuptools' backend would run setup.py in the current folder
        @staticmethod
        def get_requires_for_build_wheel(config_settings=None):
            return ["wheel"]

    monkeypatch.setattr(module, "_setuptools", Setuptools)
    return module


def test_what_is_missing_is_one_line_naming_it(backend, monkeypatch):
    monkeypatch.setattr(backend, "_needs_wheel", lambda: True)
    monkeypatch.setattr(backend, "cmake_program", lambda: None)
    monkeypatch.setattr(backend, "pybind11_dir", lambda: "")  # the system's: nothing to install
    with pytest.raises(SystemExit) as e:
        backend.build_wheel("/nonexistent")
    message = str(e.value)
    assert "\n" not in message
    assert f"{sys.executable} -m pip install wheel cmake" in message
    assert "apt-get install python3-wheel cmake" in message
    assert "pybind11" not in message


def test_isolated_builds_ask_pip_for_cmake_and_pybind11_only_when_absent(backend, monkeypatch):
    monkeypatch.setattr(backend, "_needs_wheel", lambda: False)
    monkeypatch.setattr(backend, "cmake_program", lambda: None)
    monkeypatch.setattr(backend, "pybind11_dir", lambda: None)
    assert backend.get_requires_for_build_wheel() == ["wheel", "cmake", "pybind11"]
    monkeypatch.setattr(backend, "cmake_program", lambda: "/usr/bin/cmake")
    monkeypatch.setattr(backend, "pybind11_dir", lambda: "")
    assert backend.get_requires_for_build_wheel() == ["wheel"]


def test_this_machine_has_what_the_build_needs(backend):
    # scripts/setup.sh installs cmake, pybind11-dev and python3-wheel for Debian's Python.
    if sys.executable != "/usr/bin/python3":
        pytest.skip("another interpreter than Debian's: its own environment decides")
    assert backend.missing() == []
