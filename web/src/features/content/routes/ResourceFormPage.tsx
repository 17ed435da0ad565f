import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Container,
  FormControlLabel,
  MenuItem,
  Paper,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import OptionMultiSelect from '../../../components/profileForm/OptionMultiSelect';
import RichTextEditor from '../../../components/profileForm/RichTextEditor';
import TopicTagPicker from '../../../components/profileForm/TopicTagPicker';
import { COUNTRY_CHOICES } from '../../../components/profileForm/countries';
import { ApiError, fieldErrors } from '../../../lib/api/errors';
import { fetchMemberGroups } from '../../../lib/groups/groups';
import { useTopicAreas } from '../../../lib/discover/topicAreas';
import { useOptionsConfig } from '../../../lib/profile/optionsConfig';
import type { TopicRef } from '../../../lib/profile/types';
import { useSnackbar } from '../../../lib/snackbar';
import { createContent, updateContent, useContentById, useRefreshContents } from '../api/contents';
import type { Content } from '../api/types';
import { MAX_TOPICS, MESSAGES, SECURITY_PRIVATE, SECURITY_PUBLIC, validateResource } from '../contentRules';
import AttachmentPicker, { type Attached } from '../components/AttachmentPicker';

function useMemberGroups() {
  return useQuery({
    queryKey: ['contents', 'my-groups'],
    queryFn: ({ signal }) => fetchMemberGroups(signal),
    meta: { silent: true },
  });
}

/** The resource forms as full screens (spec 001 §2, §5): create (administrators), contribute (certified members), edit (the author). */
function ResourceForm({ editing }: { editing: Content | null }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const refresh = useRefreshContents();
  const options = useOptionsConfig();
  const areas = useTopicAreas();
  const groups = useMemberGroups();
  const contribute = params.get('contribute') === '1';
  const type = editing?.type ?? (params.get('type') === 'prompt' ? 'prompt' : 'resource');
  const [title, setTitle] = useState(editing?.title ?? '');
  const [content, setContent] = useState(editing?.content ?? '');
  const [group, setGroup] = useState<number | null>(editing?.group_detail?.id ?? (Number(params.get('group')) || null));
  const [topics, setTopics] = useState<TopicRef[]>(editing?.topics_detailed.map((t) => ({ id: t.id, name: t.name }) as TopicRef) ?? []);
  const [area, setArea] = useState<number | null>(editing?.topic_area?.id ?? null);
  const [stages, setStages] = useState<string[]>(editing?.career_stages ?? []);
  const [country, setCountry] = useState(editing?.country ?? '');
  const [security, setSecurity] = useState<number>(editing?.security_level ?? SECURITY_PUBLIC);
  const [hub, setHub] = useState(editing?.publish_to_khub ?? true);
  const [premium, setPremium] = useState(editing?.is_premium ?? false);
  const [files, setFiles] = useState<Attached[]>(editing?.files.map((f) => ({ id: f.id, name: f.name })) ?? []);
  const [thumbnail, setThumbnail] = useState<Attached[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const heading = editing ? 'Edit resource' : contribute ? (type === 'prompt' ? 'Add a prompt' : 'Contribute a resource') : 'Create resource';

  const submit = async () => {
    const topicIds = topics.map((t) => t.id).filter((id): id is number => typeof id === 'number');
    const found = validateResource({ title, content, group, topics: topicIds, topic_area: area, career_stages: stages, security_level: security }, contribute);
    setErrors(found as Record<string, string>);
    setFormError(null);
    if (Object.keys(found).length) return;
    setSaving(true);
    const body = {
      title,
      content,
      topics: topicIds,
      topic_area: area,
      career_stages: stages,
      country: country || null,
      security_level: security,
      publish_to_khub: hub,
      is_premium: premium,
      files: files.map((f) => f.id),
      ...(thumbnail.length ? { thumbnail_image: thumbnail.map((t) => t.id) } : {}),
    };
    try {
      const saved = editing
        ? await updateContent(editing.id, body)
        : await createContent({ ...body, type, group, contribute: contribute || undefined });
      enqueueSnackbar(saved.status === 'approved' ? 'Resource saved' : 'Resource submitted for review', { variant: 'success' });
      void refresh();
      void navigate(`/resource/${saved.slug}`);
    } catch (e) {
      if (e instanceof ApiError) setErrors(fieldErrors(e.body));
      setFormError(e instanceof ApiError && e.message ? e.message : MESSAGES.editFailed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 }, px: { xs: 1.5, sm: 3 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, borderRadius: 3 }}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
          {heading}
        </Typography>
        <Stack spacing={2}>
          {formError && <Alert severity="error">{formError}</Alert>}
          <TextField label="Title" required value={title} onChange={(e) => setTitle(e.target.value)} error={Boolean(errors.title)} helperText={errors.title ?? ' '} />
          <RichTextEditor label="Content" required value={content} onChange={setContent} error={Boolean(errors.content)} helperText={errors.content} />
          {!editing && (
            <TextField select label="Group" required value={group ?? ''} onChange={(e) => setGroup(Number(e.target.value) || null)} error={Boolean(errors.group)} helperText={errors.group ?? ' '}>
              {(groups.data?.data ?? []).map((g) => (
                <MenuItem key={g.id} value={g.id}>
                  {g.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TopicTagPicker topicType="general" label="Topics" max={MAX_TOPICS} value={topics} onChange={setTopics} error={Boolean(errors.topics)} helperText={errors.topics ?? `Up to ${MAX_TOPICS}`} required={contribute} />
          <TextField select label="Topic area" required={contribute} value={area ?? ''} onChange={(e) => setArea(Number(e.target.value) || null)} error={Boolean(errors.topic_area)} helperText={errors.topic_area ?? ' '}>
            <MenuItem value="">None</MenuItem>
            {(areas.data ?? []).map((a) => (
              <MenuItem key={a.id} value={a.id}>
                {a.name}
              </MenuItem>
            ))}
          </TextField>
          <OptionMultiSelect
            label="Career stages"
            required={contribute}
            options={options.career_stages.map((o) => ({ value: String(o.value), label: o.label }))}
            value={stages}
            onChange={setStages}
            error={Boolean(errors.career_stages)}
            helperText={errors.career_stages}
          />
          <TextField select label="Country" value={country} onChange={(e) => setCountry(e.target.value)}>
            <MenuItem value="">Any</MenuItem>
            {COUNTRY_CHOICES.map((c) => (
              <MenuItem key={c.name} value={c.name}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField select label="Security level" required value={security} onChange={(e) => setSecurity(Number(e.target.value))}>
            <MenuItem value={SECURITY_PUBLIC}>Public</MenuItem>
            <MenuItem value={SECURITY_PRIVATE}>Private</MenuItem>
          </TextField>
          <Box>
            <FormControlLabel control={<Checkbox checked={hub} onChange={(e) => setHub(e.target.checked)} />} label="Publish to the Resource Hub" />
            <FormControlLabel control={<Checkbox checked={premium} onChange={(e) => setPremium(e.target.checked)} />} label="Premium" />
          </Box>
          <AttachmentPicker value={thumbnail} onChange={setThumbnail} max={1} label="Thumbnail image" accept="image/*" />
          {errors.thumbnail_image && <Alert severity="error">{errors.thumbnail_image}</Alert>}
          <AttachmentPicker value={files} onChange={setFiles} />
          {errors.files && <Alert severity="error">{errors.files}</Alert>}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={() => void navigate(-1)}>Cancel</Button>
            <Button variant="contained" onClick={() => void submit()} disabled={saving}>
              {editing ? 'Save' : 'Submit'}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </Container>
  );
}

export function CreateResourcePage() {
  return <ResourceForm editing={null} />;
}

export function EditResourcePage() {
  const { id = '' } = useParams();
  const query = useContentById(Number(id) || null);
  if (query.isPending) return <Skeleton variant="rounded" height={400} sx={{ m: 3 }} />;
  if (query.isError || !query.data) return <Alert severity="error" sx={{ m: 3 }}>The resource could not be found.</Alert>;
  if (!query.data.can_edit) return <Alert severity="warning" sx={{ m: 3 }}>Only the author can edit this resource.</Alert>;
  return <ResourceForm editing={query.data} />;
}
