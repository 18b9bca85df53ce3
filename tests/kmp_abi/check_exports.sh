#!/usr/bin/env bash
# kmp_abi.exports: every name@version of the lists in DIR (libomp 19's and
# libgomp 12's exports, made by tools/abi-lists) must be defined by LIB at
# that version, a default (@@) or secondary (@) one alike, unless
# DIR/excluded names it with its reason. Prints each missing name@version.
#
#   check_exports.sh LIB DIR
set -euo pipefail

lib=$1 dir=$2
declare -A have
while read -r name; do
  have[$name]=1
done < <(nm -D --defined-only "$lib" | awk '$3 ~ /@/ { sub(/@@/, "@", $3); print $3 }')

globs=()
while read -r glob _; do
  [[ -z "$glob" || "$glob" == \#* ]] || globs+=("$glob")
done <"$dir/excluded"
declare -A used

listed=0 missing=0 excluded=0
for list in "$dir"/*.txt; do
  while read -r want; do
    [[ "$want" == \#* ]] && continue
    listed=$((listed + 1))
    [[ -n "${have[$want]:-}" ]] && continue
    for glob in "${globs[@]}"; do
      # shellcheck disable=SC2053 # the glob is meant to match
      if [[ "$want" == $glob ]]; then
        used[$glob]=1
        excluded=$((excluded + 1))
        continue 2
      fi
    done
    echo "missing: $want ($(basename "$list"))"
    missing=$((missing + 1))
  done <"$list"
done

stale=0
for glob in "${globs[@]}"; do
  if [[ -z "${used[$glob]:-}" ]]; then
    echo "excluded but not missing: $glob (drop it from $dir/excluded)"
    stale=$((stale + 1))
  fi
done

echo "kmp_abi.exports: $listed listed, $excluded excluded, $missing missing"
((missing == 0 && stale == 0))
