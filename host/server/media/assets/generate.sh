#!/usr/bin/env bash
# Regenerates the demo video clips and posters committed beside this script (needs ffmpeg; CI never runs it).
# Each clip is 12 s of synthetic video (a moving gradient and a sliding marker, no text: the previews stand for classes
# of every name) with a soft metronome click as its "trainer" audio, encoded once at 640x360 with a keyframe every
# second, then stored as:
#   clip.mp4       progressive H.264/AAC, used for the public preview
#   clip.mpegts    the same stream as one MPEG-TS file; HLS playlists address its 1-second pieces by byte range
#                  (not ".ts" on disk, which TypeScript tooling would try to compile)
#   segments.json  byte offset and length of each 1-second piece (read from ffmpeg's single-file HLS output)
#   poster-{0,4,8}.jpg  stills at 0, 4 and 8 s, larger than the video, resized on request by the image endpoint
set -euo pipefail
cd "$(dirname "$0")"
LENGTH=12

scene() { # name title c0 c1 c2 width height → a filter graph source
  local c0=$3 c1=$4 c2=$5 w=$6 h=$7
  local bw=$((w * 8 / 100)) bh=$((h * 4 / 100))
  echo "gradients=s=${w}x${h}:rate=25:duration=${LENGTH}:c0=${c0}:c1=${c1}:c2=${c2}:nb_colors=3:speed=0.015:seed=7,\
drawbox=x=iw*0.1:y=ih*0.79:w=iw*0.8:h=ih*0.02:color=white@0.35:t=fill[bg];\
color=c=white:s=${bw}x${bh}:r=25:d=${LENGTH}[dot];\
[bg][dot]overlay=x='W*0.1+(W*0.8-w)*(0.5+0.5*sin(2*PI*t/${LENGTH}))':y=H*0.78[out0]"
}

make_clip() { # name title c0 c1 c2 bpm
  local name=$1 title=$2 c0=$3 c1=$4 c2=$5 bpm=$6
  local dir=clips/$name beat
  beat=$(awk "BEGIN{print 60/$bpm}")
  mkdir -p "$dir"
  ffmpeg -loglevel error -y \
    -f lavfi -i "$(scene "$name" "$title" "$c0" "$c1" "$c2" 640 360)" \
    -f lavfi -i "aevalsrc='0.25*sin(2*PI*1320*t)*exp(-60*mod(t,$beat))+0.12*sin(2*PI*220*t)*exp(-8*mod(t,$beat*4))':s=44100:d=${LENGTH}" \
    -c:v libx264 -profile:v main -preset veryslow -crf 32 -maxrate 160k -bufsize 320k -pix_fmt yuv420p \
    -force_key_frames 'expr:gte(t,n_forced*1)' -sc_threshold 0 \
    -c:a aac -b:a 32k -ac 1 -movflags +faststart -t ${LENGTH} "$dir/clip.mp4"
  local tmp
  tmp=$(mktemp -d)
  ffmpeg -loglevel error -y -i "$dir/clip.mp4" -c copy -f hls -hls_time 1 -hls_playlist_type vod \
    -hls_flags single_file -hls_segment_filename "$tmp/clip.ts" "$tmp/clip.m3u8"
  mv "$tmp/clip.ts" "$dir/clip.mpegts"
  # "#EXTINF:1.000000," then "#EXT-X-BYTERANGE:length@offset" per piece → [{duration, offset, length}]
  awk -F'[:,@]' '/^#EXTINF/{d=$2} /^#EXT-X-BYTERANGE/{printf "%s{\"duration\":%s,\"offset\":%s,\"length\":%s}", (n++?",":"["), d+0, $3, $2} END{print "]"}' \
    "$tmp/clip.m3u8" > "$dir/segments.json"
  rm -rf "$tmp"
  for at in 0 4 8; do
    ffmpeg -loglevel error -y -f lavfi -i "$(scene "$name" "$title" "$c0" "$c1" "$c2" 960 540)" \
      -ss "$at" -frames:v 1 -q:v 5 "$dir/poster-$at.jpg"
  done
}

make_clip flow "Flow" 0x2b5876 0x4e4376 0x8e6f9e 60
make_clip power "Power" 0xc0392b 0x8e44ad 0xf39c12 128
make_clip stride "Stride" 0x11998e 0x2c7744 0x38ef7d 110
