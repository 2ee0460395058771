# Sourced by .ci/run: puts the supported Node.js line (22 LTS unless FITKIT_CI_NODE names another) first on PATH, so
# that `npm ci` (native and WebAssembly packages install for the Node that will load them), the build and every test
# run on it, whatever Node the machine ships. The npm registry's `node` package holds the official binaries: it is
# installed once into a cache outside the checkout (FITKIT_CI_NODE_DIR) and reused while it is of that line and new
# enough for `engines`; the machine's own node is left as it is.
ci_node_line="${FITKIT_CI_NODE:-22}"
ci_node_min="${FITKIT_CI_NODE_MIN:-22.12.0}"

# Prints the version of the node at $1 when it is of the wanted line and at least the minimum; fails otherwise.
ci_node_fits() {
  "$1" -e '
    const [line, min] = process.argv.slice(1);
    const [major, ...rest] = process.versions.node.split(".").map(Number);
    const floor = min.split(".").map(Number);
    const atLeast = major > floor[0] || (major === floor[0] && (rest[0] > floor[1] || (rest[0] === floor[1] && rest[1] >= floor[2])));
    if (String(major) !== line || !atLeast) process.exit(1);
    console.log(process.version);
  ' "$ci_node_line" "$ci_node_min" 2>/dev/null
}

if ! ci_node_fits node >/dev/null; then
  ci_node_dir="${FITKIT_CI_NODE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/fitkit-ci/node$ci_node_line}"
  if ! ci_node_fits "$ci_node_dir/node_modules/.bin/node" >/dev/null; then
    echo "Installing Node.js $ci_node_line from the npm registry into $ci_node_dir"
    rm -rf "$ci_node_dir" && mkdir -p "$ci_node_dir" &&
      npm install --prefix "$ci_node_dir" --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
        "node@$ci_node_line" >/dev/null ||
      { echo "Node.js $ci_node_line install failed"; exit 1; }
    ci_node_fits "$ci_node_dir/node_modules/.bin/node" >/dev/null ||
      { echo "The installed node is not Node.js $ci_node_line ≥ $ci_node_min"; exit 1; }
  fi
  export PATH="$ci_node_dir/node_modules/.bin:$PATH"
  hash -r
  # Native addons (fs-ext's file lock) build against this Node's own headers, which the package ships beside its
  # binary: the machine's npm may be set to build against its own Node's (nodedir), a different ABI.
  ci_node_headers="$(find "$ci_node_dir/node_modules" -path '*/include/node/node_version.h' -print -quit)"
  [ -n "$ci_node_headers" ] || { echo "Node.js $ci_node_line has no headers to build native addons"; exit 1; }
  export npm_config_nodedir="${ci_node_headers%/include/node/node_version.h}"
fi
echo "Node.js $(node --version) ($(command -v node)), npm $(npm --version), addons built against ${npm_config_nodedir:-the npm nodedir setting}"
