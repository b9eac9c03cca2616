#!/usr/bin/env bash
# The library on its own: a new virtualenv with no Django, `pip install ./mahjong_rules[test]`
# (a wheel built by its build backend, not the source tree on the path), then its test suite
# and doctests run against what was installed. Not part of CI (it downloads and installs a
# package's worth); run it before a release: mahjong_rules/scripts/fresh_install.sh
set -euo pipefail
package="$(cd "$(dirname "$0")/.." && pwd)"
python="${PYTHON:-python3}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

"$python" -m venv "$work/venv"
"$work/venv/bin/python" -m pip install -q --upgrade pip
# A copy, so no build output lands in the checkout; a non-editable install.
cp -r "$package" "$work/mahjong_rules"
rm -rf "$work/mahjong_rules/.pytest_cache" "$work/mahjong_rules/mutants"
"$work/venv/bin/python" -m pip install -q "$work/mahjong_rules[test]"
if "$work/venv/bin/python" -c "import django" 2>/dev/null; then
    echo "Django is installed in the fresh virtualenv: the library must not need it" >&2
    exit 1
fi
# The tests and the README's tour, run from the copy with the source tree moved away, so
# every import is of the installed package.
rm -rf "$work/mahjong_rules/src"
cd "$work/mahjong_rules"
"$work/venv/bin/python" -m pytest -q -p no:cacheprovider
"$work/venv/bin/python" -c "import mahjong_rules, sys; print('installed at', mahjong_rules.__file__)"
