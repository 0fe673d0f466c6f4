#!/usr/bin/env bash
# Installs benchhand on a Raspberry Pi (Raspberry Pi OS / Debian 12, Node 20) from this checkout:
# the system user and groups, the run-time Debian packages, the agent in /opt/benchhand, the udev
# rule, the mosquitto config and ACL, /etc/benchhand/config.yaml, and the systemd unit.
#
#   sudo bash host/install.sh [--dry-run] [--with-ffmpeg]      install, or bring up to date
#   sudo bash host/install.sh --uninstall [--purge] [--dry-run] remove what it installed
#   sudo bash host/install.sh --root DIR ...                    the same into DIR instead of /
#
# Idempotent: every step looks before it acts and prints one line, "ok" (already so), "doing"
# or, with --dry-run, "would"; a second run changes nothing and says so. Files a person edits
# (config.yaml, the mosquitto config and ACL, the broker's password file) are never overwritten:
# when the shipped version differs, it is written beside them as FILE.benchhand-dist.
#
# The agent is installed with `npm ci --omit=dev` into /opt/benchhand (root-owned, read-only to
# the service), not with `npm install -g`: npm ci installs exactly the versions in
# package-lock.json (a global install of a package ignores its lockfile), the whole install is
# one directory that --uninstall removes, and it does not mix with other global npm packages.
# The checkout must be built first (`npm ci` in it builds dist/): the Pi gets dist/ and the
# production dependencies only, no TypeScript compiler.
#
# --root DIR (the tests; staging a mounted image is possible but untested): every path is
# under DIR; users and groups are made with useradd/groupadd/usermod --prefix DIR, packages
# with apt-get and dpkg-query through `chroot DIR`, the unit enabled with `systemctl --root=DIR`;
# daemon-reload, udevadm and service restarts are skipped (no system runs in DIR).
set -euo pipefail

usage() {
  cat <<'EOF'
usage: sudo bash host/install.sh [--dry-run] [--with-ffmpeg] [--root DIR]
       sudo bash host/install.sh --uninstall [--purge] [--dry-run] [--root DIR]

  --dry-run      print every action without doing it
  --with-ffmpeg  also install ffmpeg (a USB camera: --camera v4l2:/dev/video0)
  --uninstall    remove what the install put in place; keeps /var/lib/benchhand (the runs),
                 the benchhand user, edited config files, the broker's password file, the
                 Debian packages and the groups
  --purge        with --uninstall: also remove /var/lib/benchhand, the benchhand user, the
                 broker's password file and edited config files
  --root DIR     operate on DIR as the root file system (tests, images)
EOF
}

ROOT=/
DRY_RUN=0
UNINSTALL=0
PURGE=0
WITH_FFMPEG=0
while [ $# -gt 0 ]; do
  case "$1" in
    --dry-run) DRY_RUN=1 ;;
    --uninstall) UNINSTALL=1 ;;
    --purge) PURGE=1 ;;
    --with-ffmpeg) WITH_FFMPEG=1 ;;
    --root)
      [ $# -ge 2 ] || { echo "install.sh: --root needs a directory" >&2; exit 2; }
      ROOT=$2
      shift
      ;;
    --root=*) ROOT=${1#--root=} ;;
    -h | --help) usage; exit 0 ;;
    *) echo "install.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
  esac
  shift
done
if [ "$PURGE" = 1 ] && [ "$UNINSTALL" = 0 ]; then
  echo "install.sh: --purge goes with --uninstall" >&2
  exit 2
fi
if [ "$ROOT" != / ]; then
  [ -d "$ROOT" ] || { echo "install.sh: --root $ROOT is not a directory" >&2; exit 2; }
  ROOT=$(cd "$ROOT" && pwd)
fi

HOST_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
CHECKOUT=$(dirname "$HOST_DIR")

# --- Names -------------------------------------------------------------------------------------
USER_NAME=benchhand
GROUPS_NEEDED=(dialout gpio video)
OPT=/opt/benchhand
BIN_LINK=/usr/local/bin/benchhand
ENTRY=$OPT/dist/cli/run.js
STATE=/var/lib/benchhand
ETC=/etc/benchhand
UNIT_NAME=benchhand.service
UNIT=/etc/systemd/system/$UNIT_NAME
UDEV_RULE=/etc/udev/rules.d/99-benchhand-mcu.rules
MQ_CONF=/etc/mosquitto/mosquitto.conf
MQ_DIR=/etc/mosquitto/benchhand
MQ_MARKER='# mosquitto 2.x configuration for benchhand'
EXAMPLE_CONFIG=$HOST_DIR/benchhand.example.yaml

# --- Output and actions ------------------------------------------------------------------------
CHANGES=0
say() { printf 'install.sh: %s\n' "$*"; }
ok() { printf '  ok: %s\n' "$*"; }
note() { printf '  note: %s\n' "$*"; }
warn() { printf '  warning: %s\n' "$*" >&2; }
die() { printf 'install.sh: %s\n' "$*" >&2; exit 1; }

# act DESCRIPTION COMMAND...: counts a change; prints it; runs it unless --dry-run.
act() {
  local description=$1
  shift
  CHANGES=$((CHANGES + 1))
  if [ "$DRY_RUN" = 1 ]; then
    printf '  would: %s\n' "$description"
  else
    printf '  doing: %s\n' "$description"
    "$@"
  fi
}

# The path P on the target system (under --root DIR).
p() { if [ "$ROOT" = / ]; then printf '%s' "$1"; else printf '%s%s' "$ROOT" "$1"; fi; }

# Commands that act on the target system.
on_target() { if [ "$ROOT" = / ]; then "$@"; else chroot "$ROOT" "$@"; fi; }
SHADOW_OPTS=()
SYSTEMCTL_OPTS=()
if [ "$ROOT" != / ]; then
  SHADOW_OPTS=(--prefix "$ROOT")
  SYSTEMCTL_OPTS=(--root="$ROOT")
fi
live_system() { [ "$ROOT" = / ]; }

# --- Users and groups on the target ------------------------------------------------------------
group_line() {
  if live_system; then getent group "$1" || true; else grep -E "^$1:" "$(p /etc/group)" 2>/dev/null || true; fi
}
user_line() {
  if live_system; then getent passwd "$1" || true; else grep -E "^$1:" "$(p /etc/passwd)" 2>/dev/null || true; fi
}
group_exists() { [ -n "$(group_line "$1")" ]; }
user_exists() { [ -n "$(user_line "$1")" ]; }
# Is user $2 a member of group $1 (listed, or it is the user's primary group)?
in_group() {
  local line members gid
  line=$(group_line "$1")
  [ -n "$line" ] || return 1
  members=$(printf '%s' "$line" | cut -d: -f4)
  case ",$members," in *",$2,"*) return 0 ;; esac
  gid=$(printf '%s' "$line" | cut -d: -f3)
  [ "$(user_line "$2" | cut -d: -f4)" = "$gid" ]
}
uid_of() { [ "$1" = root ] && { echo 0; return; }; user_line "$1" | cut -d: -f3; }
gid_of() { [ "$1" = root ] && { echo 0; return; }; group_line "$1" | cut -d: -f3; }

# "UID GID" for install -o/-g; dies on a real run when a name does not exist yet.
owner_ids() {
  local uid gid
  uid=$(uid_of "$1")
  gid=$(gid_of "$2")
  if [ -z "$uid" ] || [ -z "$gid" ]; then
    [ "$DRY_RUN" = 1 ] && { echo "$1 $2"; return; }
    die "user $1 or group $2 does not exist on the target"
  fi
  echo "$uid $gid"
}

# --- Files -------------------------------------------------------------------------------------
# ensure_mode_owner PATH MODE OWNER GROUP
ensure_mode_owner() {
  local target ids want have
  target=$(p "$1")
  ids=$(owner_ids "$3" "$4")
  want="$2 $ids"
  have=$(stat -c '%a %u %g' "$target")
  if [ "$have" != "$want" ]; then
    # shellcheck disable=SC2086 # ids is "uid gid"
    act "set $1 to mode $2, owner $3:$4" set_mode_owner "$target" "$2" $ids
  fi
}
set_mode_owner() { chown "$3:$4" "$1" && chmod "$2" "$1"; }

# ensure_dir PATH MODE OWNER GROUP
ensure_dir() {
  if [ -d "$(p "$1")" ]; then
    ok "$1/"
    ensure_mode_owner "$1" "$2" "$3" "$4"
  else
    local ids
    ids=$(owner_ids "$3" "$4")
    # shellcheck disable=SC2086
    act "create $1/ (mode $2, $3:$4)" make_dir "$(p "$1")" "$2" $ids
  fi
}
make_dir() { install -d -m "$2" -o "$3" -g "$4" "$1"; }

# install_file SRC DEST MODE OWNER GROUP [replace|keep]
#   replace: the shipped file wins (the unit, the udev rule, the agent's own files);
#   keep:    a person may have edited DEST: an existing, different DEST is kept and the shipped
#            version written beside it as DEST.benchhand-dist.
install_file() {
  local src=$1 dest=$2 mode=$3 owner=$4 group=$5 policy=${6:-replace} target ids
  target=$(p "$dest")
  if [ -f "$target" ] && cmp -s "$src" "$target"; then
    ok "$dest"
    ensure_mode_owner "$dest" "$mode" "$owner" "$group"
    return
  fi
  ids=$(owner_ids "$owner" "$group")
  if [ -f "$target" ] && [ "$policy" = keep ]; then
    if cmp -s "$src" "$target.benchhand-dist"; then
      ok "$dest (kept: it differs from the shipped one, which is in $dest.benchhand-dist)"
    else
      warn "$dest differs from the shipped one: kept as it is; compare with $dest.benchhand-dist"
      # shellcheck disable=SC2086
      act "write the shipped version to $dest.benchhand-dist" copy_file "$src" "$target.benchhand-dist" "$mode" $ids
    fi
    return
  fi
  # shellcheck disable=SC2086
  act "install $dest (mode $mode, $owner:$group)" copy_file "$src" "$target" "$mode" $ids
}
copy_file() { install -D -m "$3" -o "$4" -g "$5" "$1" "$2"; }

# remove_if_shipped PATH SRC: removes PATH when it is the shipped file (or with --purge).
remove_if_shipped() {
  local target
  target=$(p "$1")
  [ -e "$target" ] || [ -L "$target" ] || { ok "$1 is not there"; return; }
  if [ "$PURGE" = 1 ] || { [ -n "$2" ] && cmp -s "$2" "$target"; }; then
    act "remove $1" rm -f "$target"
  else
    note "$1 was edited: kept (--purge removes it)"
  fi
}
remove_file() {
  local target
  target=$(p "$1")
  if [ -e "$target" ] || [ -L "$target" ]; then act "remove $1" rm -f "$target"; fi
}
remove_empty_dir() {
  local target
  target=$(p "$1")
  [ -d "$target" ] || return 0
  if [ -z "$(ls -A "$target")" ]; then act "remove the empty $1/" rmdir "$target"; else note "$1/ is not empty: kept"; fi
}

ENV_TEMPLATE() {
  cat <<'EOF'
# Secrets for benchhand.service, as KEY=value lines. Read by systemd (as root) before the
# service starts; keep this file mode 600, owner root. Uncomment what the config refers to.
#BENCHHAND_MQTT_PASSWORD=
#ANTHROPIC_API_KEY=
#OPENAI_API_KEY=
EOF
}

# --- Checks ------------------------------------------------------------------------------------
# A KEY=value of os-release, unquoted (read, not sourced: under --root it is another system's file).
os_field() { sed -n "s/^$1=//p" "$2" | head -n 1 | tr -d "\"'"; }

check_system() {
  [ "$(id -u)" -eq 0 ] || die "run as root: sudo bash host/install.sh"
  local os_release
  os_release=$(p /etc/os-release)
  [ -r "$os_release" ] || die "$os_release is missing: this is for Debian or Raspberry Pi OS"
  local id id_like version
  id=$(os_field ID "$os_release")
  id_like=$(os_field ID_LIKE "$os_release")
  version=$(os_field VERSION_ID "$os_release")
  version=${version:-0}
  case " $id $id_like " in
    *" debian "* | *" raspbian "*) ;;
    *) die "this is ${id:-an unknown system}: install.sh is for Debian or Raspberry Pi OS" ;;
  esac
  if [ "${version%%.*}" -lt 12 ] 2>/dev/null; then
    warn "${id} ${version}: benchhand is tested on Debian 12 (bookworm) and later"
  fi
  ok "system: ${id} ${version} ($(uname -m))"
}

check_node() {
  command -v node >/dev/null || die "Node 20 is not installed (node is not on PATH)"
  command -v npm >/dev/null || die "npm is not installed"
  local version major minor
  version=$(node --version)
  major=${version#v}; major=${major%%.*}
  minor=${version#v*.}; minor=${minor%%.*}
  if [ "$major" -lt 20 ] || { [ "$major" -eq 20 ] && [ "$minor" -lt 9 ]; }; then
    die "Node $version is too old: benchhand needs Node 20.9 or newer"
  fi
  ok "node $version, npm $(npm --version)"
}

check_checkout() {
  if [ ! -f "$CHECKOUT/package.json" ] || [ ! -f "$CHECKOUT/package-lock.json" ]; then die "$CHECKOUT is not a benchhand checkout"; fi
  [ -f "$CHECKOUT/dist/cli/run.js" ] || die "$CHECKOUT/dist is not built: run \`npm ci\` in the checkout first (it builds dist/)"
  if [ -d "$CHECKOUT/src" ] && [ -n "$(find "$CHECKOUT/src" -name '*.ts' -newer "$CHECKOUT/dist/cli/run.js" -print -quit)" ]; then
    warn "sources in $CHECKOUT/src are newer than dist/: run \`npm run build\` in the checkout for the latest"
  fi
  ok "checkout $CHECKOUT (built)"
}

# --- Install steps -----------------------------------------------------------------------------
step_users() {
  say "user and groups"
  local group
  for group in "${GROUPS_NEEDED[@]}"; do
    if group_exists "$group"; then ok "group $group"; else act "create system group $group" groupadd "${SHADOW_OPTS[@]}" --system "$group"; fi
  done
  if ! user_exists "$USER_NAME"; then
    local groups_csv
    groups_csv=$(IFS=,; echo "${GROUPS_NEEDED[*]}")
    act "create system user $USER_NAME (home $STATE, no login, groups $groups_csv)" \
      useradd "${SHADOW_OPTS[@]}" --system --user-group --home-dir "$STATE" --no-create-home \
      --shell /usr/sbin/nologin --comment "benchhand bench agent" --groups "$groups_csv" "$USER_NAME"
    return
  fi
  ok "user $USER_NAME"
  for group in "${GROUPS_NEEDED[@]}"; do
    if in_group "$group" "$USER_NAME"; then ok "$USER_NAME in group $group"; else act "add $USER_NAME to group $group" usermod "${SHADOW_OPTS[@]}" --append --groups "$group" "$USER_NAME"; fi
  done
}

# shellcheck disable=SC2016 # ${Status} is dpkg-query's format, not the shell's
package_installed() { on_target dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }
package_available() { on_target apt-cache show "$1" >/dev/null 2>&1; }
APT_UPDATED=0
apt_update_once() {
  [ "$APT_UPDATED" = 1 ] && return
  APT_UPDATED=1
  act "apt-get update" on_target apt-get update -qq
}

step_packages() {
  say "Debian packages"
  # mosquitto: the broker (host/mosquitto). avrdude: `benchhand flash` writes the Leonardo / Pro
  # Micro image with it. g++, make, python3: npm builds onoff's native epoll module with them (the
  # GPIO e-stop button); every other native module comes prebuilt.
  local wanted=(mosquitto avrdude g++ make python3) missing=() package
  [ "$WITH_FFMPEG" = 1 ] && wanted+=(ffmpeg)
  for package in "${wanted[@]}"; do
    if package_installed "$package"; then ok "package $package"; else missing+=("$package"); fi
  done
  # The package lists are refreshed only when something is to be installed (not on every run).
  if [ ${#missing[@]} -gt 0 ]; then apt_update_once; fi
  # The Pi camera (--camera rpicam): rpicam-apps, or its -lite build without the desktop preview.
  # Only Raspberry Pi OS has them; on plain Debian the camera is a USB one through ffmpeg.
  local camera=''
  if package_installed rpicam-apps; then ok "package rpicam-apps"
  elif package_installed rpicam-apps-lite; then ok "package rpicam-apps-lite"
  else
    if package_available rpicam-apps-lite; then camera=rpicam-apps-lite
    elif package_available rpicam-apps; then camera=rpicam-apps
    else note "rpicam-apps is not in this system's package archive (not Raspberry Pi OS?): no Pi camera; a USB camera works with --with-ffmpeg"
    fi
  fi
  [ -n "$camera" ] && missing+=("$camera")
  [ "$WITH_FFMPEG" = 1 ] || note "ffmpeg not requested (only a USB camera needs it: --with-ffmpeg)"
  if [ ${#missing[@]} -gt 0 ]; then
    apt_update_once
    act "apt-get install ${missing[*]}" on_target env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
  fi
}

npm_stamp() {
  printf 'lock %s\nnode %s\narch %s\n' "$(sha256sum < "$CHECKOUT/package-lock.json" | cut -d' ' -f1)" "$(node --version)" "$(uname -m)"
}
npm_install() {
  (cd "$1" && npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm rebuild)
  npm_stamp > "$1/.benchhand-npm-stamp"
}
# A fresh copy of dist/, root-owned, its entry point executable (the link in /usr/local/bin runs it).
copy_tree() { rm -rf "$2" && cp -R "$1" "$2" && chown -R 0:0 "$2" && chmod 755 "$2/cli/run.js"; }

step_agent() {
  say "the agent in $OPT"
  ensure_dir "$OPT" 755 root root
  local file
  for file in package.json package-lock.json README.md; do
    install_file "$CHECKOUT/$file" "$OPT/$file" 644 root root
  done
  if [ -d "$(p "$OPT/dist")" ] && diff -rq "$CHECKOUT/dist" "$(p "$OPT/dist")" >/dev/null 2>&1; then
    ok "$OPT/dist/ (same as the checkout's)"
  else
    act "copy the built agent (dist/) to $OPT/dist/" copy_tree "$CHECKOUT/dist" "$(p "$OPT/dist")"
  fi
  # The Leonardo / Pro Micro images `benchhand flash` writes (it looks under the package's
  # build/firmware/leonardo/); `npm run firmware:avr` in the checkout builds them.
  local image found=0
  for image in "$CHECKOUT"/build/firmware/leonardo/*/*.hex; do
    [ -f "$image" ] || continue
    found=1
    install_file "$image" "$OPT/${image#"$CHECKOUT"/}" 644 root root
  done
  [ "$found" = 1 ] || note "no firmware images in $CHECKOUT/build/firmware/leonardo (npm run firmware:avr builds them): benchhand flash will need --image FILE"
  if [ -f "$(p "$ENTRY")" ] && [ "$(stat -c '%a' "$(p "$ENTRY")")" = 755 ]; then
    ok "$ENTRY is executable"
  else
    act "make $ENTRY executable" chmod 755 "$(p "$ENTRY")"
  fi
  # npm ci (exactly package-lock.json, no dev dependencies) without running the package's own
  # `prepare` (it needs the TypeScript compiler, a dev dependency: dist/ is already built), then
  # `npm rebuild` runs the dependencies' install scripts (onoff's epoll module is compiled).
  # Again only when the lockfile, Node or the architecture changed since the last time.
  if [ -d "$(p "$OPT/node_modules")" ] && [ "$(cat "$(p "$OPT/.benchhand-npm-stamp")" 2>/dev/null)" = "$(npm_stamp)" ]; then
    ok "$OPT/node_modules (package-lock.json, node and architecture unchanged)"
  else
    act "npm ci --omit=dev in $OPT (production dependencies of package-lock.json)" npm_install "$(p "$OPT")"
  fi
  if [ "$(readlink "$(p "$BIN_LINK")" 2>/dev/null)" = "$ENTRY" ]; then
    ok "$BIN_LINK -> $ENTRY"
  else
    [ -e "$(p "$BIN_LINK")" ] && [ ! -L "$(p "$BIN_LINK")" ] && die "$BIN_LINK exists and is not a link: move it away first"
    act "link $BIN_LINK -> $ENTRY" link_bin
  fi
}
link_bin() { mkdir -p "$(dirname "$(p "$BIN_LINK")")" && ln -sfn "$ENTRY" "$(p "$BIN_LINK")"; }

step_config() {
  say "configuration and state"
  ensure_dir "$STATE" 750 "$USER_NAME" "$USER_NAME"
  ensure_dir "$ETC" 750 root "$USER_NAME"
  if [ -f "$(p "$ETC/config.yaml")" ]; then
    ok "$ETC/config.yaml (never overwritten)"
  elif [ -f "$EXAMPLE_CONFIG" ]; then
    install_file "$EXAMPLE_CONFIG" "$ETC/config.yaml" 640 root "$USER_NAME"
  else
    warn "host/benchhand.example.yaml is not in this checkout: write $ETC/config.yaml yourself"
  fi
  local template
  template=$(mktemp)
  ENV_TEMPLATE > "$template"
  if [ -f "$(p "$ETC/benchhand.env")" ]; then
    ok "$ETC/benchhand.env (never overwritten)"
    ensure_mode_owner "$ETC/benchhand.env" 600 root root
  else
    install_file "$template" "$ETC/benchhand.env" 600 root root
  fi
  rm -f "$template"
}

step_udev() {
  say "udev rule"
  local before=$CHANGES
  install_file "$HOST_DIR/udev/99-benchhand-mcu.rules" "$UDEV_RULE" 644 root root
  if [ "$CHANGES" != "$before" ]; then
    if live_system; then
      act "reload the udev rules and re-trigger serial devices" reload_udev
    else
      note "udev reload skipped (--root)"
    fi
  fi
}
reload_udev() { udevadm control --reload && udevadm trigger --subsystem-match=tty --action=change; }

step_mosquitto() {
  say "mosquitto (broker config, ACL, password file)"
  local before=$CHANGES target
  target=$(p "$MQ_CONF")
  # Debian's own mosquitto.conf is replaced (README in host/mosquitto) after a copy is kept;
  # ours, once edited (TLS enabled, say), is kept like any config a person edited.
  if [ -f "$target" ] && ! grep -qF "$MQ_MARKER" "$target" && ! cmp -s "$HOST_DIR/mosquitto/mosquitto.conf" "$target"; then
    if [ -e "$target.debian" ]; then
      ok "$MQ_CONF.debian (the distribution's config, kept earlier)"
    else
      act "keep the distribution's $MQ_CONF as $MQ_CONF.debian" cp -p "$target" "$target.debian"
    fi
    act "install $MQ_CONF (mode 644, root:root)" copy_file "$HOST_DIR/mosquitto/mosquitto.conf" "$target" 644 0 0
  else
    install_file "$HOST_DIR/mosquitto/mosquitto.conf" "$MQ_CONF" 644 root root keep
  fi
  ensure_dir "$MQ_DIR" 750 root mosquitto
  install_file "$HOST_DIR/mosquitto/acl" "$MQ_DIR/acl" 640 root mosquitto keep
  if [ -f "$(p "$MQ_DIR/passwd")" ]; then
    ok "$MQ_DIR/passwd (never overwritten)"
  else
    local ids
    ids=$(owner_ids root mosquitto)
    # shellcheck disable=SC2086
    act "create an empty $MQ_DIR/passwd (add users: host/mosquitto/README.md)" make_empty "$(p "$MQ_DIR/passwd")" 640 $ids
  fi
  if [ "$CHANGES" != "$before" ]; then
    if live_system; then act "restart mosquitto" systemctl restart mosquitto.service; else note "mosquitto restart skipped (--root)"; fi
  fi
}
make_empty() { install -m "$2" -o "$3" -g "$4" /dev/null "$1"; }

step_unit() {
  say "systemd unit"
  local before=$CHANGES
  install_file "$HOST_DIR/systemd/$UNIT_NAME" "$UNIT" 644 root root
  if [ "$CHANGES" != "$before" ]; then
    if live_system; then act "systemctl daemon-reload" systemctl daemon-reload; else note "daemon-reload skipped (--root)"; fi
  fi
  if systemctl "${SYSTEMCTL_OPTS[@]}" is-enabled --quiet "$UNIT_NAME" 2>/dev/null; then
    ok "$UNIT_NAME enabled"
  else
    act "enable $UNIT_NAME (starts at boot)" systemctl "${SYSTEMCTL_OPTS[@]}" enable "$UNIT_NAME"
  fi
}

install_all() {
  say "installing benchhand into ${ROOT}$(dry_run_words)"
  check_system
  check_node
  check_checkout
  step_users
  step_packages
  step_agent
  step_config
  step_udev
  step_mosquitto
  step_unit
  if [ "$CHANGES" -gt 0 ] && live_system && systemctl is-active --quiet "$UNIT_NAME" 2>/dev/null; then
    act "restart $UNIT_NAME (it is running)" systemctl try-restart "$UNIT_NAME"
  fi
  summary "everything is already installed"
  if [ "$CHANGES" -gt 0 ] && [ "$DRY_RUN" = 0 ]; then
    cat <<EOF
next:
  1. edit $ETC/config.yaml (and the secrets in $ETC/benchhand.env)
  2. add the bench's broker user: host/mosquitto/README.md ("Add a bench")
  3. sudo systemctl start benchhand && journalctl -fu benchhand
EOF
  fi
}

# --- Uninstall ---------------------------------------------------------------------------------
uninstall_all() {
  say "removing benchhand from ${ROOT}$(dry_run_words)$([ "$PURGE" = 1 ] && echo ', with its data (--purge)')"
  [ "$(id -u)" -eq 0 ] || die "run as root: sudo bash host/install.sh --uninstall"

  say "systemd unit"
  if live_system && systemctl is-active --quiet "$UNIT_NAME" 2>/dev/null; then
    act "stop $UNIT_NAME" systemctl stop "$UNIT_NAME"
  fi
  if systemctl "${SYSTEMCTL_OPTS[@]}" is-enabled --quiet "$UNIT_NAME" 2>/dev/null; then
    act "disable $UNIT_NAME" systemctl "${SYSTEMCTL_OPTS[@]}" disable "$UNIT_NAME"
  else
    ok "$UNIT_NAME is not enabled"
  fi
  local before=$CHANGES
  remove_file "$UNIT"
  if [ "$CHANGES" != "$before" ] && live_system; then act "systemctl daemon-reload" systemctl daemon-reload; fi

  say "the agent"
  local link
  link=$(readlink "$(p "$BIN_LINK")" 2>/dev/null || true)
  if [ "$link" = "$ENTRY" ]; then act "remove $BIN_LINK" rm -f "$(p "$BIN_LINK")"
  elif [ -e "$(p "$BIN_LINK")" ]; then note "$BIN_LINK is not ours (-> ${link:-a file}): kept"
  else ok "$BIN_LINK is not there"
  fi
  if [ -d "$(p "$OPT")" ]; then act "remove $OPT/" rm -rf "$(p "$OPT")"; else ok "$OPT/ is not there"; fi

  say "udev rule"
  before=$CHANGES
  remove_if_shipped "$UDEV_RULE" "$HOST_DIR/udev/99-benchhand-mcu.rules"
  if [ "$CHANGES" != "$before" ] && live_system; then act "reload the udev rules" udevadm control --reload; fi

  say "mosquitto"
  before=$CHANGES
  local conf
  conf=$(p "$MQ_CONF")
  if [ -f "$conf" ] && grep -qF "$MQ_MARKER" "$conf"; then
    if [ -f "$conf.debian" ] && { [ "$PURGE" = 1 ] || cmp -s "$HOST_DIR/mosquitto/mosquitto.conf" "$conf"; }; then
      act "restore the distribution's $MQ_CONF" mv -f "$conf.debian" "$conf"
    else
      note "$MQ_CONF is benchhand's$([ -f "$conf.debian" ] && echo ' and was edited' || echo ' and there is no .debian copy to restore'): kept, and with it $MQ_DIR/"
    fi
  else
    ok "$MQ_CONF is not benchhand's"
  fi
  if [ ! -f "$conf" ] || ! grep -qF "$MQ_MARKER" "$conf"; then
    remove_if_shipped "$MQ_DIR/acl" "$HOST_DIR/mosquitto/acl"
    remove_file "$MQ_DIR/acl.benchhand-dist"
    remove_file "$MQ_CONF.benchhand-dist"
    if [ -f "$(p "$MQ_DIR/passwd")" ]; then
      if [ "$PURGE" = 1 ]; then act "remove $MQ_DIR/passwd" rm -f "$(p "$MQ_DIR/passwd")"; else note "$MQ_DIR/passwd kept (--purge removes it)"; fi
    fi
    remove_empty_dir "$MQ_DIR"
  fi
  if [ "$CHANGES" != "$before" ] && live_system; then act "restart mosquitto" systemctl try-restart mosquitto.service; fi

  say "configuration"
  remove_if_shipped "$ETC/config.yaml" "$([ -f "$EXAMPLE_CONFIG" ] && echo "$EXAMPLE_CONFIG")"
  local template
  template=$(mktemp)
  ENV_TEMPLATE > "$template"
  remove_if_shipped "$ETC/benchhand.env" "$template"
  rm -f "$template"
  remove_empty_dir "$ETC"

  say "data and user"
  if [ "$PURGE" = 1 ]; then
    if [ -d "$(p "$STATE")" ]; then act "remove $STATE/ (every run's state)" rm -rf "$(p "$STATE")"; else ok "$STATE/ is not there"; fi
    if user_exists "$USER_NAME"; then act "remove the user $USER_NAME" userdel "${SHADOW_OPTS[@]}" "$USER_NAME"; else ok "user $USER_NAME is not there"; fi
  else
    [ -d "$(p "$STATE")" ] && note "$STATE/ kept (the runs; --purge removes it)"
    user_exists "$USER_NAME" && note "user $USER_NAME kept (owns $STATE; --purge removes it)"
  fi
  note "the groups (dialout, gpio, video) and the Debian packages stay: other software uses them"
  summary "nothing of benchhand's is left to remove"
}

dry_run_words() { if [ "$DRY_RUN" = 1 ]; then echo ' (dry run: nothing is changed)'; fi; }

summary() {
  if [ "$CHANGES" -eq 0 ]; then
    say "nothing to do: $1"
  elif [ "$DRY_RUN" = 1 ]; then
    say "$CHANGES actions would be taken (dry run: nothing was changed)"
  else
    say "done: $CHANGES changes"
  fi
}

if [ "$UNINSTALL" = 1 ]; then uninstall_all; else install_all; fi
