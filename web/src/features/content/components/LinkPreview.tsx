import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { useLinkPreview } from '../api/contents';

/** A link's preview: the YouTube or Spotify player, or the page's title, description (cut at 100) and image. */
export default function LinkPreview({ url }: { url: string }) {
  const query = useLinkPreview(url);
  const preview = query.data;
  if (!preview) return null;
  if (preview.embed_url) {
    const spotify = preview.kind === 'spotify';
    return (
      <Box sx={{ position: 'relative', width: '100%', pt: spotify ? 0 : '56.25%', height: spotify ? 152 : 'auto', mt: 1 }}>
        <Box
          component="iframe"
          src={preview.embed_url}
          title={preview.title ?? (spotify ? 'Spotify player' : 'YouTube video')}
          loading="lazy"
          allow="autoplay; clipboard-write; encrypted-media; picture-in-picture"
          allowFullScreen
          sx={{ position: spotify ? 'static' : 'absolute', inset: 0, width: '100%', height: spotify ? 152 : '100%', border: 0, borderRadius: 2 }}
        />
      </Box>
    );
  }
  if (!preview.title && !preview.description) return null;
  return (
    <Card variant="outlined" sx={{ mt: 1, borderRadius: 2 }}>
      <CardActionArea href={preview.url} target="_blank" rel="noopener noreferrer nofollow" sx={{ display: 'flex', alignItems: 'stretch', justifyContent: 'flex-start' }}>
        {preview.image && (
          <Box component="img" src={preview.image} alt="" loading="lazy" sx={{ width: { xs: 88, sm: 140 }, objectFit: 'cover', flexShrink: 0 }} />
        )}
        <CardContent sx={{ minWidth: 0 }}>
          {preview.site_name && (
            <Typography variant="caption" color="text.secondary" noWrap component="p">
              {preview.site_name}
            </Typography>
          )}
          <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
            {preview.title}
          </Typography>
          {preview.description && (
            <Typography variant="body2" color="text.secondary">
              {preview.description}
            </Typography>
          )}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
