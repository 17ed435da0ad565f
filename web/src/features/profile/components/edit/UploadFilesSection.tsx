import { Divider, Stack } from '@mui/material';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_MESSAGE } from '../../../../lib/profile/upload';
import { IMPORT_MESSAGES } from '../../../../lib/profile/profileImport';
import { uploadResumeFile, uploadVideoFile } from '../../api/media';
import type { ProfileDetails } from '../../api/types';
import MediaUpload from './MediaUpload';

const VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'];

function refuseResume(file: File): string | null {
  const pdf = file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');
  if (!pdf) return IMPORT_MESSAGES.resumeFormat;
  if (file.size > MAX_UPLOAD_BYTES) return IMPORT_MESSAGES.resumeSize;
  return null;
}

function refuseVideo(file: File): string | null {
  const video = VIDEO_TYPES.includes(file.type) || /\.(mp4|mov|webm)$/i.test(file.name);
  if (!video) return 'Unsupported file format. Please upload a video (MP4, MOV or WebM)';
  if (file.size > MAX_UPLOAD_BYTES) return MAX_UPLOAD_MESSAGE;
  return null;
}

/** Upload Files: the resume (PDF) and an introduction video, each up to 10 MB. */
export default function UploadFilesSection({ profile }: { profile: ProfileDetails }) {
  return (
    <Stack spacing={3} divider={<Divider flexItem />}>
      <MediaUpload
        title="Resume"
        currentUrl={profile.resume}
        currentLabel="View current resume"
        accept="application/pdf,.pdf"
        hint="PDF, up to 10 MB"
        buttonLabel="Choose resume"
        refuse={refuseResume}
        upload={uploadResumeFile}
        successMessage="Successfully uploaded resume"
        failureMessage="Could not upload resume"
      />
      <MediaUpload
        title="Video"
        currentUrl={profile.video}
        currentLabel="View current video"
        accept="video/mp4,video/quicktime,video/webm,.mp4,.mov,.webm"
        hint="MP4, MOV or WebM, up to 10 MB"
        buttonLabel="Choose video"
        refuse={refuseVideo}
        upload={uploadVideoFile}
        // The spec's wording, misspelling included.
        successMessage="Successfuly uploaded video"
        failureMessage="Could not upload resume"
      />
    </Stack>
  );
}
