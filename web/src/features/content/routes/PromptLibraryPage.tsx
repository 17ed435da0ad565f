import ListPage from '../../../components/lists/ListPage';
import ParamFilterBar from '../../../components/lists/ParamFilterBar';
import { useListParams } from '../../../components/lists/useListParams';
import { useCertifiedAction } from '../../../components/lists/useCertifiedAction';
import { useContents } from '../api/contents';
import { MESSAGES, PAGE_SIZE_HUB } from '../contentRules';
import ResourceGrid from '../components/ResourceGrid';

/** /prompt-library/* (spec 002 §2): approved resources of type prompt, 15 a page, with search; certified group profiles add prompts. */
export default function PromptLibraryPage() {
  const { params, page, setPage } = useListParams();
  const search = (params.get('q') ?? '').trim();
  const query = useContents({ types: 'prompt', status: 'approved', search: search.length >= 2 ? search : undefined, page, page_size: PAGE_SIZE_HUB });
  const action = useCertifiedAction('/resources/new?type=prompt&contribute=1', 'Add prompt');
  return (
    <ListPage
      title="AI Prompt Library"
      actions={action}
    >
      <ParamFilterBar label="Prompt filters" searchLabel="Search prompts" />
      <ResourceGrid query={query} label="Prompts" emptyTitle={MESSAGES.noPrompts} page={page} onPageChange={setPage} />
    </ListPage>
  );
}
