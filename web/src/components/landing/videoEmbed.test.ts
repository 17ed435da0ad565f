import { describe, expect, it } from 'vitest';
import { videoEmbed } from './videoEmbed';

const yt = (id: string) => ({ kind: 'iframe', src: `https://www.youtube-nocookie.com/embed/${id}` });

describe('videoEmbed', () => {
  it('plays YouTube links in the YouTube player', () => {
    expect(videoEmbed('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10')).toEqual(yt('dQw4w9WgXcQ'));
    expect(videoEmbed('https://youtu.be/dQw4w9WgXcQ')).toEqual(yt('dQw4w9WgXcQ'));
    expect(videoEmbed('https://www.youtube.com/embed/dQw4w9WgXcQ')).toEqual(yt('dQw4w9WgXcQ'));
    expect(videoEmbed('https://youtube.com/shorts/dQw4w9WgXcQ')).toEqual(yt('dQw4w9WgXcQ'));
  });

  it('plays Vimeo links in the Vimeo player', () => {
    const player = { kind: 'iframe', src: 'https://player.vimeo.com/video/76979871' };
    expect(videoEmbed('https://vimeo.com/76979871')).toEqual(player);
    expect(videoEmbed('https://vimeo.com/channels/staffpicks/76979871')).toEqual(player);
    expect(videoEmbed('https://player.vimeo.com/video/76979871?h=abc')).toEqual(player);
  });

  it('treats anything else as a video file', () => {
    expect(videoEmbed('https://cdn.example.org/intro.mp4')).toEqual({ kind: 'file', src: 'https://cdn.example.org/intro.mp4' });
    expect(videoEmbed('/media/intro.webm')).toEqual({ kind: 'file', src: '/media/intro.webm' });
    expect(videoEmbed('https://www.youtube.com/results?search_query=ai')).toEqual({
      kind: 'file',
      src: 'https://www.youtube.com/results?search_query=ai',
    });
  });
});
