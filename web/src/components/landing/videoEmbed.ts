export type VideoEmbed = { kind: 'iframe'; src: string } | { kind: 'file'; src: string };

const YOUTUBE_HOSTS = new Set(['youtube.com', 'm.youtube.com', 'youtube-nocookie.com']);
const YOUTUBE_ID = /^[\w-]{6,}$/;

function youtube(id: string | null | undefined): VideoEmbed | null {
  return id && YOUTUBE_ID.test(id) ? { kind: 'iframe', src: `https://www.youtube-nocookie.com/embed/${id}` } : null;
}

/** YouTube and Vimeo links play in their own player; other URLs are video files. */
export function videoEmbed(url: string): VideoEmbed {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { kind: 'file', src: url };
  }
  const host = parsed.hostname.replace(/^www\./, '');
  const segments = parsed.pathname.split('/').filter(Boolean);
  let embed: VideoEmbed | null = null;
  if (YOUTUBE_HOSTS.has(host)) {
    // watch?v=ID, embed/ID, shorts/ID, live/ID
    embed =
      parsed.pathname === '/watch'
        ? youtube(parsed.searchParams.get('v'))
        : ['embed', 'shorts', 'live'].includes(segments[0] ?? '')
          ? youtube(segments[1])
          : null;
  } else if (host === 'youtu.be') {
    embed = youtube(segments[0]);
  } else if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    // vimeo.com/ID, vimeo.com/channels/name/ID, player.vimeo.com/video/ID
    const id = [...segments].reverse().find((segment) => /^\d+$/.test(segment));
    if (id) embed = { kind: 'iframe', src: `https://player.vimeo.com/video/${id}` };
  }
  return embed ?? { kind: 'file', src: url };
}
