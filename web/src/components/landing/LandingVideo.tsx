import { useState } from 'react';
import { Box, ButtonBase } from '@mui/material';
import { PlayIcon } from '../icons';
import { videoEmbed } from './videoEmbed';

const frame = {
  display: 'block',
  width: '100%',
  aspectRatio: '16 / 9',
  border: 0,
  borderRadius: 3,
  boxShadow: 6,
  bgcolor: 'common.black',
  overflow: 'hidden',
} as const;

/**
 * The landing video: YouTube and Vimeo in their players, anything else as a video file.
 * With a thumbnail, a player is loaded only when the visitor presses play.
 */
export default function LandingVideo({ url, poster }: { url: string; poster?: string | null }) {
  const embed = videoEmbed(url);
  const [playing, setPlaying] = useState(false);

  if (embed.kind === 'file') {
    return (
      <Box component="video" controls preload="metadata" poster={poster ?? undefined} sx={frame}>
        <source src={embed.src} />
      </Box>
    );
  }

  if (poster && !playing) {
    return (
      <ButtonBase aria-label="Play video" onClick={() => setPlaying(true)} sx={{ ...frame, position: 'relative' }}>
        <Box component="img" src={poster} alt="" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
        <Box
          sx={{
            position: 'absolute',
            inset: 0,
            m: 'auto',
            width: 72,
            height: 72,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            boxShadow: 4,
          }}
        >
          <PlayIcon sx={{ fontSize: 40 }} />
        </Box>
      </ButtonBase>
    );
  }

  const src = playing ? `${embed.src}${embed.src.includes('?') ? '&' : '?'}autoplay=1` : embed.src;
  return (
    <Box
      component="iframe"
      src={src}
      title="Introduction video"
      loading="lazy"
      allow="accelerometer; autoplay; encrypted-media; picture-in-picture"
      allowFullScreen
      sx={frame}
    />
  );
}
