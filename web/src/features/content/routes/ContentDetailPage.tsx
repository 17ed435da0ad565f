import { Alert, Box, Button, Chip, Container, Skeleton, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import RichText from '../../../components/RichText';
import { useSnackbar } from '../../../lib/snackbar';
import { isNotFound, useContentBySlug } from '../api/contents';
import Attachments from '../components/Attachments';
import PostCard from '../components/PostCard';
import ResourceCard from '../components/ResourceCard';

/** /post/{slug} and /resource/{slug}: the item with a back action. */
export default function ContentDetailPage() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const query = useContentBySlug(slug);
  const { enqueueSnackbar } = useSnackbar();
  const back = (
    <Button onClick={() => void (window.history.length > 1 ? navigate(-1) : navigate('/'))} sx={{ mb: 2 }}>
      ← Back
    </Button>
  );
  if (query.isPending) {
    return (
      <Container maxWidth="md" sx={{ py: 3 }}>
        <Skeleton variant="rounded" height={240} />
      </Container>
    );
  }
  if (query.isError) {
    return (
      <Container maxWidth="md" sx={{ py: 3 }}>
        {back}
        <Alert severity={isNotFound(query.error) ? 'info' : 'error'}>
          {isNotFound(query.error) ? 'The requested resource was not found' : 'Could not fetch item'}
        </Alert>
      </Container>
    );
  }
  const item = query.data;
  if (item.type === 'post' || item.type === 'newsletter') {
    return (
      <Container maxWidth="md" sx={{ py: { xs: 2, md: 3 }, px: { xs: 1.5, sm: 3 } }}>
        {back}
        <PostCard item={item} detail />
      </Container>
    );
  }
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 3 }, px: { xs: 1.5, sm: 3 } }}>
      {back}
      <Stack spacing={2}>
        {item.thumbnail_image && <Box component="img" src={item.thumbnail_image} alt="" sx={{ width: '100%', maxHeight: 320, objectFit: 'cover', borderRadius: 3 }} />}
        <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>
          {item.title}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {item.status !== 'approved' && <Chip label={item.status === 'pending' ? 'Pending review' : 'Rejected'} />}
          {item.is_premium && <Chip color="secondary" label="Premium" />}
          {item.topic_area && <Chip variant="outlined" label={item.topic_area.name} />}
          {item.topics_detailed.map((t) => (
            <Chip key={t.id} variant="outlined" size="small" label={t.name} />
          ))}
        </Stack>
        <RichText html={item.content} />
        {item.is_locked && <Alert severity="info">This is a premium resource: its files open for members with a premium membership.</Alert>}
        <Attachments files={item.files} />
        {item.source && (
          <Button href={item.source} target="_blank" rel="noopener noreferrer nofollow" variant="outlined" sx={{ alignSelf: 'flex-start' }}>
            Open source
          </Button>
        )}
        <Stack direction="row" spacing={1}>
          {item.can_share && (
            <Button
              variant="outlined"
              onClick={() => {
                void navigator.clipboard?.writeText(`${window.location.origin}/resource/${item.slug}`);
                enqueueSnackbar('Link copied', { variant: 'success' });
              }}
            >
              Share
            </Button>
          )}
          {item.can_edit && (
            <Button component={RouterLink} to={`/resources/${item.id}/edit`} variant="outlined">
              Edit
            </Button>
          )}
        </Stack>
        {item.can_moderate && <ResourceCard item={item} />}
      </Stack>
    </Container>
  );
}
