#!/bin/sh
# Makes front-door.ivf, the demo camera's WebRTC clip (clip.ts): 30 frames of the camera's view (as
# server/hub/images/camera.ts draws it), a visitor walking past and a LIVE mark blinking each half second, encoded
# as VP8 at 10 fps with a keyframe each second, error resilient, without hidden (alt-ref) frames, for RTP.
# Needs ffmpeg built with librsvg and libvpx (Debian's). Run from the repository's root.
set -eu
frames=$(mktemp -d)
trap 'rm -rf "$frames"' EXIT
for i in $(seq 0 29); do
  x=$((40 + i * 18))
  if [ $((i / 5 % 2)) -eq 0 ]; then live=1; else live=0.2; fi
  cat > "$frames/f$(printf %02d "$i").svg" <<SVG
<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360"><rect width="640" height="360" fill="#1d2733"/><rect x="0" y="250" width="640" height="110" fill="#2e3b4a"/><rect x="250" y="90" width="140" height="190" fill="#5b4636" stroke="#8a6f58" stroke-width="6"/><circle cx="365" cy="190" r="6" fill="#d9b25f"/><g fill="#e8c39e"><circle cx="$x" cy="170" r="22"/><rect x="$((x - 20))" y="195" width="40" height="80" rx="12"/></g><circle cx="560" cy="31" r="7" fill="#d0021b" opacity="$live"/><text x="574" y="36" font-family="sans-serif" font-size="14" fill="#fff">LIVE</text><text x="18" y="36" font-family="sans-serif" font-size="18" fill="#fff">Front door camera</text></svg>
SVG
done
ffmpeg -hide_banner -loglevel error -y -framerate 10 -i "$frames/f%02d.svg" -c:v libvpx -b:v 150k -g 10 -keyint_min 10 \
  -auto-alt-ref 0 -lag-in-frames 0 -error-resilient 1 -pix_fmt yuv420p -f ivf server/hub/videos/front-door.ivf
