import { Alert, Box, Button, Pagination, Skeleton, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useGroupContext } from '../../../lib/groups/groupContext';
import { useContents } from '../api/contents';
import { MESSAGES, PAGE_SIZE_GROUP_RESOURCES } from '../contentRules';
import ResourceCard from '../components/ResourceCard';

/** A group's Resources tab (spec 001 §2): its approved resources (and the viewer's own), 12 a page; create for certified administrators, contribute for certified members. */
export default function GroupResourcesPage() {
  const { group, identity } = useGroupContext();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useContents({ types: 'resource,prompt', group_id: group.id, page, page_size: PAGE_SIZE_GROUP_RESOURCES });
  const certified = Boolean(identity?.group_profile?.is_certified);
  const member = group.membership_status === 'accepted' || group.is_administrator;
  const count = query.data?.pagination.count ?? 0;
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          Resources
        </Typography>
        {certified && member && (
          <Stack direction="row" spacing={1}>
            {group.is_administrator && (
              <Button variant="contained" component={RouterLink} to={`/resources/new?group=${group.id}`}>
                Create resource
              </Button>
            )}
            <Button variant="outlined" component={RouterLink} to={`/resources/new?group=${group.id}&contribute=1`}>
              Contribute
            </Button>
          </Stack>
        )}
      </Stack>
      {query.isPending && <Skeleton variant="rounded" height={200} />}
      {query.isError && (
        <Alert severity="error" action={<Button onClick={() => void query.refetch()}>Retry</Button>}>
          Could not load the resources.
        </Alert>
      )}
      {query.data && count === 0 && <Typography color="text.secondary">{MESSAGES.noResources}</Typography>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}>
        {query.data?.data.map((item) => <ResourceCard key={item.id} item={item} />)}
      </Box>
      {count > PAGE_SIZE_GROUP_RESOURCES && (
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <Pagination count={Math.ceil(count / PAGE_SIZE_GROUP_RESOURCES)} page={page} onChange={(_, p) => setParams({ page: String(p) })} />
        </Box>
      )}
    </Stack>
  );
}
