import { TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import OptionMultiSelect from '../../../components/profileForm/OptionMultiSelect';
import RichTextEditor from '../../../components/profileForm/RichTextEditor';
import { ApiError, fieldErrors } from '../../../lib/api/errors';
import { useOptionsConfig } from '../../../lib/profile/optionsConfig';
import { useSnackbar } from '../../../lib/snackbar';
import { saveAiTool, useAiToolById, useRefreshCatalogue, type AiTool, type AiToolPayload } from '../api/catalogue';
import FileChooser from '../components/FileChooser';
import FormShell from '../components/FormShell';
import OrganizationSelect from '../components/OrganizationSelect';
import EditItemPage from '../components/EditItemPage';
import { useFormFile, useItemForm } from '../components/useItemForm';
import { logoProblem, MESSAGES, validateAiTool, type AiToolValues } from '../formRules';

type Errors = Partial<Record<keyof AiToolValues | 'logo', string>>;

function valuesOf(tool: AiTool | undefined, group: number | null): AiToolValues {
  return {
    name: tool?.name ?? '',
    description: tool?.description ?? '',
    group: tool?.group ?? group,
    categories: tool?.categories ?? [],
    website: tool?.website ?? '',
    roles: tool?.roles ?? [],
  };
}

function Form({ tool }: { tool?: AiTool }) {
  const navigate = useNavigate();
  const options = useOptionsConfig();
  const { enqueueSnackbar } = useSnackbar();
  const refresh = useRefreshCatalogue();
  const { values, current, set, dirty, markDirty, errors, setErrors, general, setGeneral } = useItemForm<AiToolValues, Errors>(() =>
    valuesOf(tool, null),
  );
  const { file: logo, onUploaded: onLogoUploaded } = useFormFile(markDirty);
  const save = useMutation({
    mutationFn: (body: AiToolPayload) => saveAiTool(tool ? tool.id : null, body),
    meta: { silent: true },
    onSuccess: async (answer) => {
      enqueueSnackbar(answer.message ?? (tool ? MESSAGES.aiToolUpdated : MESSAGES.aiToolSubmitted), { variant: 'success' });
      await refresh();
      void navigate(`/ai-tool/${answer.data.slug}`);
    },
    onError: (error) => {
      const found = error instanceof ApiError ? fieldErrors(error.body) : {};
      setErrors(found as Errors);
      setGeneral(Object.keys(found).length ? null : error instanceof ApiError ? error.message : 'Something went wrong');
    },
  });
  const submit = () => {
    const found = validateAiTool(current);
    setErrors(found);
    if (Object.keys(found).length) return;
    const body: AiToolPayload = {
      name: values.name,
      description: values.description,
      group: current.group,
      categories: values.categories,
      website: values.website.trim() || null,
      roles: values.roles,
    };
    if (logo) body.logo = logo.id;
    save.mutate(body);
  };
  return (
    <FormShell
      title={tool ? 'Edit AI Tool' : 'Submit AI Tool'}
      dirty={dirty}
      pending={save.isPending}
      error={general}
      submitLabel={tool ? 'Save' : 'Submit'}
      onSubmit={submit}
      onClose={() => void navigate(tool ? `/ai-tool/${tool.slug}` : '/ai-tools')}
    >
      <TextField label="Name" required value={values.name} onChange={(e) => set('name', e.target.value)} error={!!errors.name} helperText={errors.name} />
      <RichTextEditor
        label="Description"
        required
        value={values.description}
        onChange={(html) => set('description', html)}
        error={!!errors.description}
        helperText={errors.description}
      />
      <OrganizationSelect value={current.group} onChange={(group) => set('group', group)} error={errors.group} />
      <OptionMultiSelect
        label="Categories"
        options={options.aitool_categories}
        value={values.categories}
        onChange={(next) => set('categories', next)}
        error={!!errors.categories}
        helperText={errors.categories ?? 'Up to 3'}
      />
      <FileChooser
        label="Logo (one image under 5 MB)"
        accept="image/*"
        current={logo ? logo.name : tool?.logo ? 'Current logo' : null}
        check={logoProblem}
        onUploaded={onLogoUploaded}
        error={errors.logo}
      />
      <TextField label="Website" type="url" value={values.website} onChange={(e) => set('website', e.target.value)} error={!!errors.website} helperText={errors.website} />
      <OptionMultiSelect label="Roles" options={options.current_roles} value={values.roles} onChange={(next) => set('roles', next)} />
    </FormShell>
  );
}

/** /ai-tools/new and /ai-tools/{id}/edit (spec 002 §5 "AI tool form"). */
export function NewAiToolPage() {
  return <Form />;
}

export function EditAiToolPage() {
  const { id = '' } = useParams();
  return <EditItemPage query={useAiToolById(Number(id))} form={(tool) => <Form tool={tool} />} />;
}
