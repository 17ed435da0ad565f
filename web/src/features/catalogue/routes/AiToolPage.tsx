import { Avatar, Box, Button, Chip, Link, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router';
import RichText from '../../../components/RichText';
import { useOptionsConfig } from '../../../lib/profile/optionsConfig';
import { useAiTool } from '../api/catalogue';
import FavouriteButton from '../../../components/reactions/FavouriteButton';
import ModerationActions from '../components/ModerationActions';
import VoteButton from '../../../components/reactions/VoteButton';

export const MSG_MISSING = 'Sorry, the page you are looking for does not exist.';

/** /ai-tool/{slug} (spec 002 §2 "AI Tools detail"): the tool, its votes, favourite, use cases, edit and moderation. */
export default function AiToolPage() {
  const { slug = '' } = useParams();
  const tool = useAiTool(slug);
  const options = useOptionsConfig();
  if (tool.isPending) {
    return (
      <Stack spacing={2} sx={{ p: { xs: 2, md: 4 } }} aria-busy="true" aria-label="Loading">
        <Skeleton variant="rounded" height={80} />
        <Skeleton variant="rounded" height={200} />
      </Stack>
    );
  }
  if (tool.isError || !tool.data) {
    return (
      <Box sx={{ p: { xs: 2, md: 4 }, textAlign: 'center' }}>
        <Typography variant="h5" component="h1">
          {MSG_MISSING}
        </Typography>
        <Button component={RouterLink} to="/ai-tools" sx={{ mt: 2 }}>
          Back to AI Tools
        </Button>
      </Box>
    );
  }
  const t = tool.data;
  const category = (value: string) => options.aitool_categories.find((o) => o.value === value)?.label ?? value;
  return (
    <Stack spacing={3} sx={{ p: { xs: 2, md: 4 }, maxWidth: 960, mx: 'auto', width: '100%' }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, borderRadius: 3 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Avatar src={t.logo ?? undefined} alt="" variant="rounded" sx={{ width: 72, height: 72 }}>
            {t.name.slice(0, 1)}
          </Avatar>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
              {t.name}
            </Typography>
            <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', mt: 1 }}>
              {t.status !== 'approved' && <Chip size="small" color="warning" label={t.status === 'pending' ? 'Pending' : 'Rejected'} />}
              {t.categories.map((c) => (
                <Chip key={c} size="small" label={category(c)} />
              ))}
            </Stack>
          </Box>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
            <VoteButton kind="aitool" item={t} />
            <FavouriteButton kind="aitool" item={t} />
          </Stack>
        </Stack>
        {t.website && (
          <Link href={t.website} target="_blank" rel="noopener noreferrer" sx={{ display: 'inline-block', mt: 2, overflowWrap: 'anywhere' }}>
            {t.website}
          </Link>
        )}
        <Stack direction="row" sx={{ gap: 1, mt: 2, flexWrap: 'wrap' }}>
          {t.can_edit && (
            <Button component={RouterLink} to={`/ai-tools/${t.id}/edit`} variant="outlined">
              Edit
            </Button>
          )}
          <ModerationActions kind="aitool" item={t} />
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, borderRadius: 3 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          About
        </Typography>
        <RichText html={t.description} />
      </Paper>
      {t.use_cases.length > 0 && (
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, borderRadius: 3 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            Use cases
          </Typography>
          <Stack spacing={1}>
            {t.use_cases.map((u) => (
              <Link key={u.id} component={RouterLink} to={`/usecase/${u.slug}`}>
                {u.title}
              </Link>
            ))}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
