"""The ``.pyi`` stubs name everything public in each module, and everything public has a docstring."""

import ast
import importlib
import inspect
import pathlib
import subprocess
import sys

import pytest

MODULES = [
    "tabletop_env",
    "tabletop_env._core",
    "tabletop_env.datasets",
    "tabletop_env.distributed",
    "tabletop_env.gym",
    "tabletop_env.pettingzoo",
    "tabletop_env.spaces",
    "tabletop_env.vector",
]


def stub_of(module):
    """``(top-level names, {class: its names})`` of the module's stub file."""
    path = pathlib.Path(module.__file__)
    stub = path.parent / ("__init__.pyi" if path.stem == "__init__" else path.name.split(".")[0] + ".pyi")
    tree = ast.parse(stub.read_text())
    names, classes = set(), {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        if isinstance(node, ast.ClassDef):
            classes[node.name] = {
                n.name if isinstance(n, ast.FunctionDef) else n.target.id
                for n in node.body
                if isinstance(n, ast.FunctionDef) or (isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name))
            }
        elif isinstance(node, ast.AnnAssign):
            names.add(node.target.id)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets)
        elif isinstance(node, ast.ImportFrom):
            names.update(a.asname for a in node.names if a.asname == a.name)
    return names, classes


def public(module):
    """The module's own public functions, classes and constants, and its ``__all__``."""
    names = set(getattr(module, "__all__", []))
    for name, obj in vars(module).items():
        if name.startswith("_"):
            continue
        own = getattr(obj, "__module__", None) == module.__name__
        if (inspect.isfunction(obj) or inspect.isclass(obj) or inspect.isbuiltin(obj)) and own:
            names.add(name)
        elif name.isupper():
            names.add(name)
    return names


def own_methods(cls):
    return {n for n, v in vars(cls).items() if not n.startswith("_") and (callable(v) or isinstance(v, property))}


@pytest.mark.parametrize("name", MODULES)
def test_stub_names_everything_public(name):
    module = importlib.import_module(name)
    names, classes = stub_of(module)
    assert public(module) <= names, f"{name}.pyi lacks {sorted(public(module) - names)}"
    for cls_name in classes:
        cls = getattr(module, cls_name)
        missing = own_methods(cls) - classes[cls_name]
        assert not missing, f"{name}.pyi: {cls_name} lacks {sorted(missing)}"


@pytest.mark.parametrize("name", MODULES)
def test_everything_public_has_a_docstring(name):
    module = importlib.import_module(name)
    assert inspect.getdoc(module), f"{name} has no module docstring"
    for attr in sorted(public(module)):
        obj = getattr(module, attr)
        if inspect.isfunction(obj) or inspect.isclass(obj) or inspect.isbuiltin(obj):
            assert inspect.getdoc(obj), f"{name}.{attr} has no docstring"
        if inspect.isclass(obj):
            for method in own_methods(obj):
                assert inspect.getdoc(getattr(obj, method)), f"{name}.{attr}.{method} has no docstring"


def test_star_import_works_without_gymnasium():
    # ``__all__`` named the Gymnasium classes, so ``from tabletop_env import *`` raised
    # ModuleNotFoundError after ``pip install ./python`` alone.
    code = "import sys; sys.modules['gymnasium'] = None; from tabletop_env import *; print(RawEnv)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
