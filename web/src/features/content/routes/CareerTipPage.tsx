import { Alert, Box, Button, Container, Skeleton, Stack } from '@mui/material';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { isNotFound } from '../api/contents';
import { useCareerTip } from '../api/tips';
import TipCard from '../components/TipCard';
import { TIP_MESSAGES } from '../tipRules';

/** /career-tip/{slug} (GET all-career-tips/slug/{slug}/): one tip, whole, with its votes and actions. */
export default function CareerTipPage() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const query = useCareerTip(slug);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, sm: 3 }, px: { xs: 1.5, sm: 3 } }}>
      <Stack spacing={2}>
        <Box>
          <Button component={RouterLink} to="/career-tips">
            ← Career Tips
          </Button>
        </Box>
        {query.isPending && <Skeleton variant="rounded" height={220} aria-label="Loading the career tip" />}
        {query.isError &&
          (isNotFound(query.error) ? (
            <Alert severity="info">{TIP_MESSAGES.notFound}</Alert>
          ) : (
            <Alert severity="error" action={<Button onClick={() => void query.refetch()}>Retry</Button>}>
              Could not load the career tip.
            </Alert>
          ))}
        {query.data && <TipCard tip={query.data} detail onDeleted={() => void navigate('/career-tips')} />}
      </Stack>
    </Container>
  );
}
