#!/usr/bin/env bash
# Guards issue #19 item 1: the Debian packages of an existing build (cpack, no rebuild) carry
# dpkg-shlibdeps Depends, are lintian-clean of errors, and work unpacked (`dpkg -x`) into a
# scratch root: `d500 plugins` finds the packaged plugins in <root>/usr/lib/d500/plugins
# without D500_PLUGIN_PATH, the man pages render, and a plugin builds out of tree against the
# unpacked d500-dev.
# Usage: test_deb.sh BUILD_DIR SOURCE_DIR
#   D500_DEB_COMPONENTS="d500;studio;dev" packages only those components (default: all built).
set -euo pipefail
build=$1
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "test_deb: $*" >&2; exit 1; }
has() { grep -Eq -- "$2" <<< "$1"; }  # has TEXT REGEX (no pipe: grep -q would SIGPIPE the writer)
command -v lintian > /dev/null || fail "lintian not found (packaging/install-deps.sh installs it)"

only=()
[ -z "${D500_DEB_COMPONENTS:-}" ] || only=(-D "CPACK_COMPONENTS_ALL=$D500_DEB_COMPONENTS")
cpack --config "$build/CPackConfig.cmake" -B "$tmp/pk" "${only[@]}" > "$tmp/cpack.log" 2>&1 ||
  { cat "$tmp/cpack.log"; fail "cpack failed"; }
debs=("$tmp"/pk/*.deb)
for deb in "${debs[@]}"; do
  echo "$(dpkg-deb -f "$deb" Package): $(dpkg-deb -f "$deb" Depends)"
done
deb() { ls "$tmp"/pk/"$1"_*.deb 2> /dev/null || true; }
depends() { dpkg-deb -f "$(deb "$1")" Depends; }
[ -n "$(deb d500)" ] && [ -n "$(deb d500-dev)" ] || fail "d500 or d500-dev was not packaged"
has "$(depends d500)" 'libc6 \(>= ' || fail "d500: no Depends from dpkg-shlibdeps"
has "$(depends d500)" 'libsqlite3-0' || fail "d500: the store's SQLite missing from Depends"
version=$(dpkg-deb -f "$(deb d500)" Version)
for p in d500-torch d500-cudnn d500-onednn d500-studio d500-dev; do
  [ -z "$(deb $p)" ] || has "$(depends $p)" "d500 \(= $version\)" || fail "$p does not depend on d500"
done
[ -z "$(deb d500-torch)" ] || has "$(depends d500-torch)" 'libtorch' || fail "d500-torch: no libtorch"

lintian --tag-display-limit 0 "${debs[@]}" > "$tmp/lintian.log" 2>&1 || true
cat "$tmp/lintian.log"
! grep -q '^E: ' "$tmp/lintian.log" || fail "lintian reports errors"

root=$tmp/root
for d in "${debs[@]}"; do dpkg -x "$d" "$root"; done
# Only what the packages hold: no D500_PLUGIN_PATH, the installed runner beside its plugins.
plugins=$(env -u D500_PLUGIN_PATH "$root/usr/bin/d500" plugins --db "$tmp/s.d500db")
echo "$plugins"
has "$plugins" '^reference +[^ ]+ +1\.[0-9]+ +loaded' || fail "reference not loaded"
[ -z "$(deb d500-torch)" ] || has "$plugins" '^torch .* loaded' || fail "torch not loaded"
has "$(env -u D500_PLUGIN_PATH "$root/usr/bin/d500" --json plugins --db "$tmp/s.d500db")" \
    "\"library\": \"$root/usr/lib/d500/plugins/libd500_reference.so\"" || fail "plugins not found in the unpacked /usr/lib/d500/plugins"

# A man page per subcommand, rendering without warnings.
man1=$root/usr/share/man/man1
for cmd in $("$root/usr/bin/d500" --help | sed -n '/^Subcommands:/,/^$/s/^  \([a-z][a-z0-9-]*\) .*/\1/p'); do
  [ -f "$man1/d500-$cmd.1.gz" ] || fail "no man page d500-$cmd(1)"
done
has "$(MANWIDTH=80 man -l "$man1/d500.1.gz" 2>&1)" 'd500-run\(1\)' || fail "d500(1) does not render"

if [ -n "$(deb d500-studio)" ]; then
  for s in 16 22 24 32 48 64 128 256; do
    [ -f "$root/usr/share/icons/hicolor/${s}x$s/apps/d500-studio.png" ] || fail "no ${s}px icon"
  done
  [ -f "$man1/d500-studio.1.gz" ] || fail "no man page d500-studio(1)"
  grep -q '^Exec=d500-studio' "$root/usr/share/applications/d500-studio.desktop"
  # Issue 35 item 1: projects and stores open from a file manager; the start page's examples.
  grep -q '^MimeType=application/x-d500-project;application/x-d500-store;$' \
    "$root/usr/share/applications/d500-studio.desktop" || fail "the .desktop file lacks the store's MIME type"
  grep -q 'pattern="\*\.d500db"' "$root/usr/share/mime/packages/d500-studio.xml" || fail "no MIME package"
  [ -f "$root/usr/share/d500/examples/example.d500proj" ] || fail "the examples are not installed"
  appstream=$(appstreamcli validate --no-net "$root/usr/share/metainfo/d500-studio.metainfo.xml" || true)
  ! has "$appstream" '^E:' || fail "AppStream metadata has errors: $appstream"
  has "$(QT_QPA_PLATFORM=offscreen "$root/usr/bin/d500-studio" --version)" "$version" ||
    fail "the unpacked d500-studio does not start"
fi

# A user's plugin built against the unpacked d500-dev, then found by the unpacked runner.
cmake -S "$src/plugins/examples" -B "$tmp/examples" -G Ninja \
      -DCMAKE_PREFIX_PATH="$root/usr" > "$tmp/configure.log" ||
  { cat "$tmp/configure.log"; fail "the example plugin does not configure against d500-dev"; }
grep -q "$root/usr/lib/cmake/d500" "$tmp/examples/CMakeCache.txt" || fail "d500 not found in the root"
cmake --build "$tmp/examples" > "$tmp/build.log" || { cat "$tmp/build.log"; fail "plugin build"; }
has "$(env -u D500_PLUGIN_PATH "$root/usr/bin/d500" plugins --db "$tmp/s.d500db" \
         --plugin-path "$tmp/examples/d500-plugins")" '^examples +1\.0\.0 +1\.[0-9]+ +loaded' ||
  fail "the out-of-tree plugin is not loaded"
echo "test_deb: passed (${#debs[@]} packages)"
