"""The package's PEP 517 build backend: a pure-Python wheel (and an sdist)
of rocdist/, its metadata read from pyproject.toml. It needs nothing beyond
the standard library, so that pip builds the package without an index."""
import base64
import hashlib
import io
import os
import tarfile
import tomllib
import zipfile

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _project():
    with open(os.path.join(_ROOT, "pyproject.toml"), "rb") as f:
        return tomllib.load(f)["project"]


def _metadata(project):
    lines = ["Metadata-Version: 2.1", f"Name: {project['name']}", f"Version: {project['version']}",
             f"Summary: {project['description']}", f"Requires-Python: {project['requires-python']}"]
    lines += [f"Requires-Dist: {d}" for d in project.get("dependencies", [])]
    return "\n".join(lines) + "\n"


def _sources():
    """(path in the archive, path on disk) of every module of the package."""
    package = os.path.join(_ROOT, "rocdist")
    return [(f"rocdist/{name}", os.path.join(package, name))
            for name in sorted(os.listdir(package)) if name.endswith(".py")]


def _record_line(arcname, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{arcname},sha256={digest},{len(data)}"


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    project = _project()
    name, version = project["name"], project["version"]
    dist_info = f"{name}-{version}.dist-info"
    files = []
    for arcname, path in _sources():
        with open(path, "rb") as f:
            files.append((arcname, f.read()))
    files.append((f"{dist_info}/METADATA", _metadata(project).encode()))
    files.append((f"{dist_info}/WHEEL",
                  b"Wheel-Version: 1.0\nGenerator: rocdist_wheel\nRoot-Is-Purelib: true\nTag: py3-none-any\n"))
    record = "\n".join([_record_line(a, d) for a, d in files] + [f"{dist_info}/RECORD,,"]) + "\n"
    files.append((f"{dist_info}/RECORD", record.encode()))
    filename = f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(os.path.join(wheel_directory, filename), "w", zipfile.ZIP_DEFLATED) as wheel:
        for arcname, data in files:
            wheel.writestr(arcname, data)
    return filename


def build_sdist(sdist_directory, config_settings=None):
    project = _project()
    base = f"{project['name']}-{project['version']}"
    filename = f"{base}.tar.gz"
    with tarfile.open(os.path.join(sdist_directory, filename), "w:gz") as sdist:
        for arcname in ["pyproject.toml", "wheel_backend/rocdist_wheel.py"]:
            sdist.add(os.path.join(_ROOT, arcname), f"{base}/{arcname}")
        for arcname, path in _sources():
            sdist.add(path, f"{base}/{arcname}")
        data = _metadata(project).encode()
        member = tarfile.TarInfo(f"{base}/PKG-INFO")
        member.size = len(data)
        sdist.addfile(member, io.BytesIO(data))
    return filename
