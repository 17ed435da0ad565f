import { useState } from 'react';
import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  MenuItem,
  Tab,
  Tabs,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { Link as RouterLink } from 'react-router';
import ListPage from '../../../components/lists/ListPage';
import ListPagination from '../../../components/lists/ListPagination';
import { CardGridSkeleton, EmptyState, ListError } from '../../../components/lists/ListStates';
import ParamFilterBar from '../../../components/lists/ParamFilterBar';
import { COUNTRY_OPTIONS } from '../../../components/lists/countryFilter';
import { useProfileFilters } from '../../../components/lists/filterOptions';
import { cardGrid } from '../../../components/lists/layout';
import { useListParams } from '../../../components/lists/useListParams';
import { useIdentity } from '../../../lib/auth/identity';
import { useConnectionsList, useSearch } from '../../../lib/discover/connect';
import { CONNECT_PAGE_SIZE } from '../../../lib/discover/params';
import { searchText } from '../../../lib/profile/topics';
import ConnectCard from '../components/ConnectCard';
import RecommendedPanel from '../../../components/recommendations/RecommendedPanel';
import InviteOthersDialog from '../components/InviteOthersDialog';
import YouMayKnow from '../components/YouMayKnow';
import { CONNECT_TYPES, emptyText, readConnectType, typeInfo } from '../connectTypes';

const COUNTRY = { key: 'country', label: 'Country', options: COUNTRY_OPTIONS };

/**
 * /connect (spec 002 §2 "Connect"): the caller's active connections by type, or search
 * results once there is a search (at least 2 characters) or a country or field filter; the
 * type, search, filters, whole-hierarchy search and page live in the address. Empty
 * connections show You May Know.
 */
export default function ConnectPage() {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const belowLarge = useMediaQuery(theme.breakpoints.down('lg'), { noSsr: true });
  const { params, page, value, setFilter, setPage } = useListParams();
  const { identity } = useIdentity();
  const { professionalFields } = useProfileFilters();
  const [inviting, setInviting] = useState(false);

  const type = readConnectType(params.get('connection'));
  const info = typeInfo(type);
  const search = searchText(params.get('q') ?? '');
  const country = value('country');
  const fields = value('professional_fields');
  const searching = Boolean(search || country || fields);
  // Organization members may widen a search to the whole organization hierarchy and partners.
  const member = Boolean(identity?.organization) && identity?.membership_status === 'accepted';
  const wholeHierarchy = member && params.get('limited_search') === 'false';
  const certified = Boolean(identity?.group_profile?.is_certified);

  const connections = useConnectionsList(type, page, !searching);
  const results = useSearch(
    {
      type,
      search,
      page,
      page_size: CONNECT_PAGE_SIZE,
      global_search: wholeHierarchy,
      country,
      professional_fields: fields,
    },
    searching,
  );
  const list = searching ? results : connections;

  let body;
  if (list.isPending) body = <CardGridSkeleton count={6} height={100} />;
  else if (list.isError) body = <ListError onRetry={() => void list.refetch()} />;
  else if (list.data.data.length === 0) body = <EmptyState title={emptyText(type, searching)} />;
  else {
    body = (
      <>
        <Box component="ul" sx={cardGrid} aria-label={searching ? 'Search Results' : 'Active connections'} aria-busy={list.isPlaceholderData}>
          {list.data.data.map((item) => (
            <li key={`${item.type}-${item.id}`}>
              <ConnectCard item={item} selfId={identity?.id} followedByDefault={!searching} showType={type === 'all'} />
            </li>
          ))}
        </Box>
        <ListPagination count={list.data.pagination.count} pageSize={CONNECT_PAGE_SIZE} page={page} onChange={setPage} />
      </>
    );
  }
  const showSuggestions = !searching && list.isSuccess && list.data.data.length === 0;

  const actions = (
    <>
      {type === 'user' && (
        <Button variant="contained" onClick={() => setInviting(true)}>
          Invite Others
        </Button>
      )}
      {type === 'event' && certified && (
        <Button component={RouterLink} to="/groups/new?type=event" variant="contained">
          Create Event
        </Button>
      )}
      <Button component={RouterLink} to="/influencers" variant="outlined">
        View Influential People
      </Button>
      <Button component={RouterLink} to="/influential-orgs" variant="outlined">
        View Influential Organizations
      </Button>
    </>
  );

  return (
    <ListPage
      title={
        <>
          Connect{' '}
          <Box component="span" sx={{ color: 'primary.main' }}>
            {info.label}
          </Box>
        </>
      }
      actions={actions}
    >
      {narrow ? (
        <TextField
          select
          fullWidth
          size="small"
          label="Type"
          value={type}
          onChange={(event) => setFilter('connection', event.target.value)}
          sx={{ mb: 2 }}
        >
          {CONNECT_TYPES.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      ) : (
        <Tabs
          value={type}
          onChange={(_event, next: string) => setFilter('connection', next)}
          aria-label="Connection type"
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          {CONNECT_TYPES.map((option) => (
            <Tab key={option.value} value={option.value} label={option.label} />
          ))}
        </Tabs>
      )}
      <ParamFilterBar
        label="Connect filters"
        phoneVisible={4}
        searchLabel={`Search ${info.noun === 'connections' ? 'everything' : info.noun}`}
        filters={[COUNTRY, professionalFields]}
      >
        {member && (
          <FormControlLabel
            control={
              <Checkbox
                checked={wholeHierarchy}
                onChange={(event) => setFilter('limited_search', event.target.checked ? 'false' : null)}
              />
            }
            label="Search the entire organization hierarchy and partners"
          />
        )}
      </ParamFilterBar>
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1.5 }}>
        {searching ? 'Search Results' : 'Active connections'}
      </Typography>
      {body}
      {showSuggestions && (
        <YouMayKnow
          selfId={identity?.id}
          country={identity?.profile.country}
          department={identity?.group_profile?.extra_info?.department}
        />
      )}
      {belowLarge && identity && <RecommendedPanel />}
      {inviting && <InviteOthersDialog open={inviting} onClose={() => setInviting(false)} />}
    </ListPage>
  );
}
