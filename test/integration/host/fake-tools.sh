#!/usr/bin/env bash
# Recording stand-ins for the system tools host/install.sh calls, for install-script.test.ts.
# One script, linked under each tool's name on PATH. Every call is appended to $BH_FAKE_LOG;
# the tools that change the system change the --root/--prefix tree the way the real ones would
# (a user in etc/passwd, a package in a list, an enabled unit as a wants/ link), so that a second
# run of install.sh sees the first one's work.
#   BH_FAKE_LOG        the call log (one line per call)
#   BH_FAKE_STATE      a directory for the fake package database
#   BH_FAKE_AVAILABLE  space-separated packages `apt-cache show` finds
set -euo pipefail
tool=$(basename "$0")
printf '%s %s\n' "$tool" "$*" >> "$BH_FAKE_LOG"
root=${BH_FAKE_ROOT:-/}

# --prefix DIR (shadow tools) / --root=DIR (systemctl): the tree to change.
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) root=$2; shift ;;
    --root=*) root=${1#--root=} ;;
    *) args+=("$1") ;;
  esac
  shift
done
set -- "${args[@]+"${args[@]}"}"
case "$tool" in chroot | npm | dpkg-query | apt-cache | udevadm) ;; *) [ "$root" != / ] || { echo "fake $tool: refusing to touch the real system (no --root/--prefix)" >&2; exit 99; } ;; esac
last() { local a; for a in "$@"; do :; done; printf '%s' "$a"; }
next_id() { echo $((900 + $(wc -l < "$1"))); }
add_member() { # group user
  sed -i -E "/^$1:/{s/:\$/:$2/;t;s/\$/,$2/}" "$root/etc/group"
}

case "$tool" in
  chroot)
    root=$1
    shift
    export BH_FAKE_ROOT=$root
    exec "$@"
    ;;
  groupadd)
    name=$(last "$@")
    echo "$name:x:$(next_id "$root/etc/group"):" >> "$root/etc/group"
    ;;
  useradd)
    name=$(last "$@") groups='' home=/ shell=/bin/sh
    while [ $# -gt 1 ]; do
      case "$1" in
        --groups) groups=$2; shift ;;
        --home-dir) home=$2; shift ;;
        --shell) shell=$2; shift ;;
        --comment) shift ;;
      esac
      shift
    done
    gid=$(next_id "$root/etc/group")
    echo "$name:x:$gid:" >> "$root/etc/group"
    echo "$name:x:$(next_id "$root/etc/passwd"):$gid::$home:$shell" >> "$root/etc/passwd"
    IFS=, read -r -a list <<< "$groups"
    for group in "${list[@]}"; do add_member "$group" "$name"; done
    ;;
  usermod)
    # usermod --append --groups GROUP USER
    add_member "$3" "$4"
    ;;
  userdel)
    name=$(last "$@")
    sed -i -E "/^$name:/d" "$root/etc/passwd" "$root/etc/group"
    sed -i -E "s/([:,])$name(,|\$)/\\1/; s/,\$//" "$root/etc/group"
    ;;
  dpkg-query)
    grep -qxF "$(last "$@")" "$BH_FAKE_STATE/installed" 2>/dev/null || exit 1
    echo 'install ok installed'
    ;;
  apt-cache)
    case " ${BH_FAKE_AVAILABLE:-} " in *" $(last "$@") "*) echo "Package: $(last "$@")" ;; *) exit 100 ;; esac
    ;;
  apt-get)
    [ "$1" = install ] || exit 0
    for package in "$@"; do
      case "$package" in
        -* | install) ;;
        *)
          echo "$package" >> "$BH_FAKE_STATE/installed"
          if [ "$package" = mosquitto ]; then
            # As Debian's package: a mosquitto group and the distribution's config.
            echo "mosquitto:x:$(next_id "$root/etc/group"):" >> "$root/etc/group"
            mkdir -p "$root/etc/mosquitto/conf.d"
            printf 'pid_file /run/mosquitto/mosquitto.pid\npersistence true\ninclude_dir /etc/mosquitto/conf.d\n' > "$root/etc/mosquitto/mosquitto.conf"
          fi
          ;;
      esac
    done
    ;;
  systemctl)
    verb=$1 unit=$(last "$@") wants="$root/etc/systemd/system/multi-user.target.wants"
    case "$verb" in
      is-enabled) [ -L "$wants/$unit" ] ;;
      enable) mkdir -p "$wants" && ln -sfn "/etc/systemd/system/$unit" "$wants/$unit" ;;
      disable) rm -f "$wants/$unit" ;;
      is-active) exit 3 ;;
      *) exit 0 ;;
    esac
    ;;
  npm)
    case "${1:-}" in
      --version) echo 10.8.2 ;;
      ci) mkdir -p node_modules/onoff && echo '{}' > node_modules/.package-lock.json ;;
      *) ;;
    esac
    ;;
  *) ;;
esac
