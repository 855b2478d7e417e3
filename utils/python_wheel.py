#!/usr/bin/env python3
"""Packs the Python package of a configured build into a wheel.

`pip install ./python` configures and builds the C++ core from scratch
through scikit-build-core (about 13 minutes on two cores). A clone that has
already run utils/build.sh holds the package assembled in
<build>/python/tsopt: the extension built against the same libraries and
the package's Python files. This script brings that target up to date
(`ninja tsopt-python`, incremental) and writes it as a wheel, so that

    utils/python_wheel.py --out dist
    pip install dist/tsopt-*.whl

installs in seconds. The wheel is for this machine: its tag names this
interpreter and platform, and the extension finds libMLIR and libLLVM where
the build found them (its run path), as an installed scikit-build wheel does.
"""

import argparse
import base64
import hashlib
import pathlib
import subprocess
import sys
import sysconfig
import tomllib
import zipfile

ROOT = pathlib.Path(__file__).resolve().parent.parent


def wheel_tag():
    """cpXY-cpXY-<platform>: the extension is built for this interpreter's
    ABI (its EXT_SUFFIX) and this machine."""
    version = f"cp{sys.version_info.major}{sys.version_info.minor}"
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return f"{version}-{version}-{platform}"


def record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest())
    return f"{name},sha256={digest.rstrip(b'=').decode()},{len(data)}"


def metadata(project):
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {project['name']}",
        f"Version: {project['version']}",
        f"Summary: {project.get('description', '')}",
        f"Requires-Python: {project.get('requires-python', '>=3')}",
    ]
    lines += [f"Requires-Dist: {d}" for d in project.get("dependencies", [])]
    return "\n".join(lines) + "\n"


def package_files(package):
    """The files the wheel ships: the Python sources and the extension,
    nothing the build leaves beside them (caches)."""
    files = sorted(p for p in package.iterdir()
                   if p.is_file() and (p.suffix == ".py" or
                                       p.name.startswith("_tsopt.")))
    if not any(p.name.startswith("_tsopt.") for p in files):
        sys.exit(f"error: {package} has no built extension (_tsopt.*); "
                 "run utils/build.sh first")
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    extension = next(p for p in files if p.name.startswith("_tsopt."))
    if extension.name != "_tsopt" + suffix:
        sys.exit(f"error: {extension.name} was built for another Python "
                 f"than this one ({sys.executable}, suffix {suffix}); run "
                 "this script with the interpreter the build used")
    return files


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build-dir", default=str(ROOT / "build"),
                        help="a build configured by utils/build.sh")
    parser.add_argument("--out", default="dist", help="folder of the wheel")
    parser.add_argument("--no-build", action="store_true",
                        help="pack what is built; do not run ninja first")
    args = parser.parse_args()
    build = pathlib.Path(args.build_dir)
    if not (build / "build.ninja").is_file():
        sys.exit(f"error: {build} is not a configured build; run "
                 "utils/build.sh (or pip install ./python, which builds "
                 "from source)")
    if not args.no_build:
        subprocess.run(["ninja", "-C", str(build), "tsopt-python"],
                       check=True)
    with open(ROOT / "python" / "pyproject.toml", "rb") as f:
        project = tomllib.load(f)["project"]
    name, version = project["name"], project["version"]
    dist_info = f"{name}-{version}.dist-info"
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{name}-{version}-{wheel_tag()}.whl"
    records = []
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as wheel:
        def add(arcname, data):
            wheel.writestr(arcname, data)
            records.append(record_line(arcname, data))

        for file in package_files(build / "python" / "tsopt"):
            add(f"tsopt/{file.name}", file.read_bytes())
        add(f"{dist_info}/METADATA", metadata(project).encode())
        add(f"{dist_info}/WHEEL",
            ("Wheel-Version: 1.0\nGenerator: tsopt utils/python_wheel.py\n"
             f"Root-Is-Purelib: false\nTag: {wheel_tag()}\n").encode())
        record = f"{dist_info}/RECORD"
        wheel.writestr(record, "\n".join(records + [f"{record},,"]) + "\n")
    print(path)


if __name__ == "__main__":
    main()
