# Sourced by the network-namespace tests (netns.sh, netns-lo.sh): the first namespace made, or a
# skip (exit 77) saying why namespaces cannot be made here. Uses $dir (a scratch folder, removed
# on a skip) and the caller's label for its lines.
#     make_first_namespace LABEL NAME
make_first_namespace() {
  local label=$1 name=$2
  if [ "$(id -u)" != 0 ] || ! command -v ip >/dev/null 2>&1 || ! ip netns add "$name" 2>"$dir/why"; then
    echo "$label: SKIPPED: cannot make network namespaces here ($( [ "$(id -u)" != 0 ] && echo "not root" ||
          command -v ip >/dev/null 2>&1 || echo "no ip command"; cat "$dir/why" 2>/dev/null))"
    rm -rf "$dir"
    exit 77
  fi
}
