import { Button } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import CardGridResults from '../../../components/lists/CardGridResults';
import FilterBar from '../../../components/lists/FilterBar';
import FilterSelect from '../../../components/lists/FilterSelect';
import ListPage from '../../../components/lists/ListPage';
import { EmptyState } from '../../../components/lists/ListStates';
import SearchField from '../../../components/lists/SearchField';
import { useListParams } from '../../../components/lists/useListParams';
import { useIdentity } from '../../../lib/auth/identity';
import { useOptionsConfig } from '../../../lib/profile/optionsConfig';
import { AI_TOOLS_PAGE_SIZE, useAiTools } from '../api/catalogue';
import { AiToolCard } from '../components/Cards';

/**
 * /ai-tools (spec 002 §2 "AI Tools list"): search and category (aitool_categories) in the
 * address, nine cards a page, 'No AI tools found', and Submit AI Tool (guests go to sign in).
 */
export default function AiToolsPage() {
  const { page, value, setFilter, setPage } = useListParams();
  const { signedIn } = useIdentity();
  const options = useOptionsConfig();
  const tools = useAiTools({ search: value('q'), categories: value('ai_category'), page, page_size: AI_TOOLS_PAGE_SIZE });
  return (
    <ListPage
      title="AI Tools"
      subtitle="Tools members use and recommend."
      actions={
        <Button component={RouterLink} to={signedIn ? '/ai-tools/new' : '/login?next=%2Fai-tools%2Fnew'} variant="contained">
          Submit AI Tool
        </Button>
      }
    >
      <FilterBar label="AI tool filters">
        <SearchField value={value('q')} onSearch={(text) => setFilter('q', text)} label="Search AI tools" />
        <FilterSelect
          label="Category"
          options={options.aitool_categories}
          value={value('ai_category')}
          onChange={(next) => setFilter('ai_category', next)}
        />
      </FilterBar>
      <CardGridResults
        query={tools}
        label="AI tools"
        empty={<EmptyState title="No AI tools found" />}
        renderItem={(tool) => <AiToolCard tool={tool} />}
        itemKey={(tool) => tool.id}
        pageSize={AI_TOOLS_PAGE_SIZE}
        page={page}
        onPageChange={setPage}
      />
    </ListPage>
  );
}
