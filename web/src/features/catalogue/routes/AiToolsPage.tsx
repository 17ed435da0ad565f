import { Button } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import CardGridResults from '../../../components/lists/CardGridResults';
import ListPage from '../../../components/lists/ListPage';
import { EmptyState } from '../../../components/lists/ListStates';
import ParamFilterBar from '../../../components/lists/ParamFilterBar';
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
  const { page, value, setPage } = useListParams();
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
      <ParamFilterBar
        label="AI tool filters"
        searchLabel="Search AI tools"
        filters={[{ key: 'ai_category', label: 'Category', options: options.aitool_categories }]}
      />
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
