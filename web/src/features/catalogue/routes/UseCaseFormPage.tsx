import { useState } from 'react';
import { MenuItem, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import OptionMultiSelect from '../../../components/profileForm/OptionMultiSelect';
import RichTextEditor from '../../../components/profileForm/RichTextEditor';
import TopicTagPicker from '../../../components/profileForm/TopicTagPicker';
import { ApiError, fieldErrors } from '../../../lib/api/errors';
import { useIdentity } from '../../../lib/auth/identity';
import { useTopicAreas } from '../../../lib/discover/topicAreas';
import { useOptionsConfig } from '../../../lib/profile/optionsConfig';
import { useSnackbar } from '../../../lib/snackbar';
import { saveUseCase, useRefreshCatalogue, useUseCaseById, type UseCase, type UseCasePayload } from '../api/catalogue';
import FileChooser from '../components/FileChooser';
import FormShell from '../components/FormShell';
import OrganizationSelect from '../components/OrganizationSelect';
import EditItemPage from '../components/EditItemPage';
import { useFormFile, useItemForm } from '../components/useItemForm';
import {
  BUSINESS_VALUES,
  COMPLEXITIES,
  INNOVATION_CATEGORIES,
  MAX_USE_CASE_TOPICS,
  MESSAGES,
  pdfProblem,
  staffBody,
  validateUseCase,
  validateUseCaseStaff,
  type UseCaseStaffValues,
  type UseCaseValues,
} from '../formRules';

type Errors = Partial<Record<keyof UseCaseValues | keyof UseCaseStaffValues | 'document' | 'thumbnail_image', string>>;

function staffValuesOf(u: UseCase | undefined): UseCaseStaffValues {
  return {
    topic_area: u?.topic_area ?? null,
    topics: u?.topics_detailed ?? [],
    career_stages: u?.career_stages ?? [],
    professional_fields: u?.professional_fields ?? [],
  };
}

function valuesOf(u: UseCase | undefined): UseCaseValues {
  return {
    title: u?.title ?? '',
    description: u?.description ?? '',
    reason: u?.reason ?? '',
    group: u?.group ?? null,
    business_value: u?.business_value ?? '',
    complexity: u?.complexity ?? '',
    innovation_category: u?.innovation_category ?? '',
    video_link: u?.video_link ?? '',
    job_functions: u?.job_functions ?? [],
    categories: u?.categories ?? [],
  };
}

const imageProblem = (file: File) => (file.type.startsWith('image/') ? null : MESSAGES.notImage);

function Form({ useCase }: { useCase?: UseCase }) {
  const navigate = useNavigate();
  const options = useOptionsConfig();
  const { enqueueSnackbar } = useSnackbar();
  const refresh = useRefreshCatalogue();
  const isStaff = useIdentity().identity?.is_staff ?? false;
  const topicAreas = useTopicAreas();
  const { values, current, set, dirty, markDirty, errors, setErrors, general, setGeneral } = useItemForm<UseCaseValues, Errors>(() =>
    valuesOf(useCase),
  );
  const [staff, setStaff] = useState<UseCaseStaffValues>(() => staffValuesOf(useCase));
  const { file: thumbnail, onUploaded: onThumbnailUploaded } = useFormFile(markDirty);
  const { file: document, onUploaded: onDocumentUploaded } = useFormFile(markDirty);
  const setStaffValue = <K extends keyof UseCaseStaffValues>(key: K, value: UseCaseStaffValues[K]) => {
    setStaff((v) => ({ ...v, [key]: value }));
    markDirty();
  };
  const save = useMutation({
    mutationFn: (body: UseCasePayload) => saveUseCase(useCase ? useCase.id : null, body),
    meta: { silent: true },
    onSuccess: async (answer) => {
      enqueueSnackbar(useCase ? MESSAGES.useCaseUpdated : MESSAGES.useCaseSubmitted, { variant: 'success' });
      await refresh();
      void navigate(`/usecase/${answer.data.slug}`);
    },
    onError: (error) => {
      const found = error instanceof ApiError ? fieldErrors(error.body) : {};
      setErrors(found as Errors);
      const fallback = useCase ? MESSAGES.useCaseUpdateFailed : MESSAGES.useCaseSubmitFailed;
      setGeneral(Object.keys(found).length ? fallback : error instanceof ApiError && error.body ? error.message : fallback);
      enqueueSnackbar(fallback, { variant: 'error' });
    },
  });
  const submit = () => {
    // Staff alone see and send the staff fields (the API refuses them from anyone else).
    const found: Errors = { ...validateUseCase(current), ...(isStaff ? validateUseCaseStaff(staff) : {}) };
    setErrors(found);
    if (Object.keys(found).length) return;
    const body: UseCasePayload = {
      ...current,
      reason: values.reason || null,
      video_link: values.video_link.trim() || null,
      ...(isStaff ? staffBody(staff) : {}),
    };
    if (thumbnail) body.thumbnail_image = thumbnail.id;
    if (document) body.document = document.id;
    save.mutate(body);
  };
  const select = (key: 'business_value' | 'complexity' | 'innovation_category', label: string, list: readonly { value: string; label: string }[]) => (
    <TextField select required label={label} value={values[key]} onChange={(e) => set(key, e.target.value)} error={!!errors[key]} helperText={errors[key]}>
      {list.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <FormShell
      title={useCase ? 'Edit Use Case' : 'Submit Use Case'}
      dirty={dirty}
      pending={save.isPending}
      error={general}
      submitLabel={useCase ? 'Save' : 'Submit'}
      onSubmit={submit}
      onClose={() => void navigate(useCase ? `/usecase/${useCase.slug}` : '/usecases')}
    >
      <TextField label="Title" required value={values.title} onChange={(e) => set('title', e.target.value)} error={!!errors.title} helperText={errors.title} />
      <RichTextEditor
        label="Description"
        required
        maxWords={500}
        value={values.description}
        onChange={(html) => set('description', html)}
        error={!!errors.description}
        helperText={errors.description}
      />
      <RichTextEditor
        label="Why this is important"
        maxWords={500}
        value={values.reason}
        onChange={(html) => set('reason', html)}
        error={!!errors.reason}
        helperText={errors.reason}
      />
      <OrganizationSelect value={current.group} onChange={(group) => set('group', group)} error={errors.group} />
      {select('business_value', 'Business value', BUSINESS_VALUES)}
      {select('complexity', 'Complexity', COMPLEXITIES)}
      {select('innovation_category', 'Innovation category', INNOVATION_CATEGORIES)}
      <OptionMultiSelect
        label="Job functions"
        options={options.job_functions.map((o) => ({ value: String(o.value), label: o.label }))}
        value={values.job_functions}
        onChange={(next) => set('job_functions', next)}
        error={!!errors.job_functions}
        helperText={errors.job_functions ?? 'Up to 3'}
      />
      <OptionMultiSelect
        label="Categories"
        options={options.usecase_categories}
        value={values.categories}
        onChange={(next) => set('categories', next)}
        error={!!errors.categories}
        helperText={errors.categories ?? 'Up to 3'}
      />
      {isStaff && (
        <>
          <TextField
            select
            label="Topic area"
            value={staff.topic_area ?? ''}
            onChange={(e) => setStaffValue('topic_area', e.target.value === '' ? null : Number(e.target.value))}
            error={!!errors.topic_area}
            helperText={errors.topic_area ?? 'Staff only'}
          >
            <MenuItem value="">None</MenuItem>
            {(topicAreas.data ?? []).map((a) => (
              <MenuItem key={a.id} value={a.id}>
                {a.name}
              </MenuItem>
            ))}
          </TextField>
          <TopicTagPicker
            topicType="general"
            label="Topics"
            value={staff.topics}
            onChange={(next) => setStaffValue('topics', next)}
            max={MAX_USE_CASE_TOPICS}
            error={!!errors.topics}
            helperText={errors.topics ?? 'Staff only. Up to 7'}
          />
          <OptionMultiSelect
            label="Career stages"
            options={options.career_stages.map((o) => ({ value: String(o.value), label: o.label }))}
            value={staff.career_stages}
            onChange={(next) => setStaffValue('career_stages', next)}
            error={!!errors.career_stages}
            helperText={errors.career_stages ?? 'Staff only'}
          />
          <OptionMultiSelect
            label="Professional fields"
            options={options.professional_fields.map((o) => ({ value: String(o.value), label: o.label }))}
            value={staff.professional_fields}
            onChange={(next) => setStaffValue('professional_fields', next)}
            error={!!errors.professional_fields}
            helperText={errors.professional_fields ?? 'Staff only'}
          />
        </>
      )}
      <FileChooser
        label="Thumbnail (one image)"
        accept="image/*"
        current={thumbnail ? thumbnail.name : useCase?.thumbnail_image ? 'Current thumbnail' : null}
        check={imageProblem}
        onUploaded={onThumbnailUploaded}
        error={errors.thumbnail_image}
      />
      <FileChooser
        label="Document (one PDF)"
        accept="application/pdf"
        current={document ? document.name : useCase?.document ? useCase.document.name : null}
        check={pdfProblem}
        onUploaded={onDocumentUploaded}
        error={errors.document}
      />
      <TextField label="Video link" type="url" value={values.video_link} onChange={(e) => set('video_link', e.target.value)} error={!!errors.video_link} helperText={errors.video_link} />
    </FormShell>
  );
}

/** /usecases/new and /usecases/{id}/edit (spec 002 §5 "Use case form"). */
export function NewUseCasePage() {
  return <Form />;
}

export function EditUseCasePage() {
  const { id = '' } = useParams();
  return <EditItemPage query={useUseCaseById(Number(id))} form={(useCase) => <Form useCase={useCase} />} />;
}
