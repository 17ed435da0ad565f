import type { ReactNode } from 'react';
import { Box, Button, Card, CardActionArea, Chip, Link, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router';
import RichText from '../../../components/RichText';
import { useGroup } from '../../../lib/discover/groups';
import { useOptionsConfig } from '../../../lib/profile/optionsConfig';
import { useUseCase } from '../api/catalogue';
import { excerpt } from '../excerpt';
import FavouriteButton from '../../../components/reactions/FavouriteButton';
import ModerationActions from '../components/ModerationActions';
import VoteButton from '../../../components/reactions/VoteButton';
import { MSG_MISSING } from './AiToolPage';

/** A titled panel of the page. */
function Section({ title, wide = false, label, children }: { title: string; wide?: boolean; label?: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: wide ? { xs: 2, md: 3 } : 2, borderRadius: 3 }} aria-label={label}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function DefaultCircle({ id }: { id: number }) {
  const circle = useGroup(id);
  if (!circle.data) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 3 }}>
      <Typography variant="subtitle2" color="text.secondary">
        Learn it in a circle
      </Typography>
      <Link component={RouterLink} to={`/circles?usecase_id=${id}`} sx={{ fontWeight: 600 }}>
        {circle.data.name}
      </Link>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {excerpt(circle.data.description, 200)}
      </Typography>
    </Paper>
  );
}

/**
 * /usecase/{slug} (spec 002 §2 "Use case detail"): hero, description, 'Why this is important',
 * AI tool cards, the classification panel, the default circle, the PDF and video, 2 topics.
 */
export default function UseCasePage() {
  const { slug = '' } = useParams();
  const found = useUseCase(slug);
  const options = useOptionsConfig();
  if (found.isPending) return <Skeleton variant="rounded" height={320} sx={{ m: 4 }} aria-label="Loading" />;
  if (!found.data) {
    return (
      <Box sx={{ p: 4, textAlign: 'center' }}>
        <Typography variant="h5" component="h1">
          {MSG_MISSING}
        </Typography>
        <Button component={RouterLink} to="/usecases" sx={{ mt: 2 }}>
          Back to AI Use Cases
        </Button>
      </Box>
    );
  }
  const u = found.data;
  const label = (list: readonly { value: number | string; label: string }[], value: string) =>
    list.find((o) => String(o.value) === value)?.label ?? value;
  const facts: [string, string][] = [
    ['Business value', u.business_value ?? ''],
    ['Complexity', u.complexity ?? ''],
    ['Innovation', u.innovation_category ?? ''],
    ['Job functions', u.job_functions.map((v) => label(options.job_functions, v)).join(', ')],
    ['Categories', u.categories.map((v) => label(options.usecase_categories, v)).join(', ')],
  ];
  return (
    <Stack spacing={3} sx={{ p: { xs: 2, md: 4 }, maxWidth: 1100, mx: 'auto', width: '100%' }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, borderRadius: 3 }}>
        {u.thumbnail_image && <Box component="img" src={u.thumbnail_image} alt="" sx={{ width: '100%', maxHeight: 260, objectFit: 'cover', borderRadius: 2, mb: 2 }} />}
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
          <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            {u.title}
          </Typography>
          <Stack direction="row" sx={{ alignItems: 'center' }}>
            <VoteButton kind="usecase" item={u} />
            <FavouriteButton kind="usecase" item={u} />
          </Stack>
        </Stack>
        <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', mt: 1 }}>
          {u.status !== 'approved' && <Chip size="small" color="warning" label={u.status === 'pending' ? 'Pending' : 'Rejected'} />}
          {u.topics_detailed.slice(0, 2).map((t) => (
            <Chip key={t.id} size="small" label={t.name} />
          ))}
        </Stack>
        <Stack direction="row" sx={{ gap: 1, mt: 2, flexWrap: 'wrap' }}>
          {u.can_edit && (
            <Button component={RouterLink} to={`/usecases/${u.id}/edit`} variant="outlined">
              Edit
            </Button>
          )}
          <ModerationActions kind="usecase" item={u} />
        </Stack>
      </Paper>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
        <Stack spacing={3} sx={{ flex: 2, minWidth: 0, width: '100%' }}>
          <Section title="Description" wide>
            <RichText html={u.description ?? ''} />
          </Section>
          {u.reason && (
            <Section title="Why this is important" wide>
              <RichText html={u.reason} />
            </Section>
          )}
          {u.ai_tools_detailed.length > 0 && (
            <Box>
              <Typography variant="h6" component="h2" gutterBottom>
                AI tools
              </Typography>
              <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}>
                {u.ai_tools_detailed.map((t) => (
                  <Card key={t.id} variant="outlined">
                    <CardActionArea component={RouterLink} to={`/ai-tool/${t.slug}`} sx={{ p: 2 }}>
                      <Typography sx={{ fontWeight: 600 }}>{t.name}</Typography>
                    </CardActionArea>
                  </Card>
                ))}
              </Box>
            </Box>
          )}
          {u.document && (
            <Section title="Document">
              <Box component="iframe" src={u.document.file} title={u.document.name} sx={{ width: '100%', height: { xs: 320, md: 520 }, border: 0 }} />
              <Link href={u.document.file} target="_blank" rel="noopener noreferrer">
                {u.document.name || 'Open the document'}
              </Link>
            </Section>
          )}
          {u.video_link && (
            <Section title="Video">
              <Link href={u.video_link} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
                {u.video_link}
              </Link>
            </Section>
          )}
        </Stack>
        <Stack spacing={3} sx={{ flex: 1, minWidth: 0, width: '100%' }}>
          <Section title="Classification" label="Classification">
            {facts
              .filter(([, v]) => v)
              .map(([k, v]) => (
                <Typography key={k} variant="body2">
                  <strong>{k}:</strong> {v}
                </Typography>
              ))}
          </Section>
          {u.default_group && <DefaultCircle id={u.default_group} />}
        </Stack>
      </Stack>
    </Stack>
  );
}
