// Jobs API shapes (spec 001 §3 "Job", §7 "Jobs").
// TEMPORARY: replaced by the generated types once the jobs API lands in openapi.json.
import type { Question } from '../../../lib/groups/types';

export type JobStatus = 'pending' | 'approved';
export type ApplicationStatus = 'pending' | 'accepted' | 'rejected';
export type JobLocation = 'remote' | 'on_site' | 'hybrid';
export type JobType = 'project_based' | 'full_time' | 'part_time' | 'internship';

export interface JobGroupRef {
  id: number;
  name: string;
  name_slug: string;
  group_type?: string;
  image?: string | null;
}

export interface Job {
  id: number;
  slug: string;
  title: string;
  description: string;
  requirements?: string | null;
  career_stages: string[];
  application_open_date?: string | null;
  application_close_date?: string | null;
  created_at: string;
  is_featured: boolean;
  is_administrator: boolean;
  status?: ApplicationStatus | null;
  is_expired: boolean;
  is_open_for_applications: boolean;
  professional_fields: string[];
  skills: number[];
  skills_detailed: { id: number; name: string }[];
  countries: string[];
  group: JobGroupRef;
  job_location: JobLocation;
  job_type?: JobType | null;
  address?: string | null;
  job_status: JobStatus;
  extra_info?: { questions?: Question[] } | null;
  accepted_members_count?: number | null;
  pending_members_count?: number | null;
  rejected_members_count?: number | null;
}

export interface JobPayload {
  title: string;
  description: string;
  requirements: string;
  group?: number;
  career_stages: string[];
  countries: string[];
  skills: number[];
  job_type: JobType;
  job_location: JobLocation;
  address: string;
  application_open_date: string | null;
  application_close_date: string | null;
  job_status?: JobStatus;
  extra_info?: { questions?: Question[] };
}

export interface JobApplicant {
  id: number;
  name: string;
  name_slug?: string | null;
  image?: string | null;
  institution_name?: string | null;
  email?: string | null;
  status: ApplicationStatus;
  applied_at?: string | null;
  resume?: string | null;
  answers?: Record<string, unknown> | null;
}

export interface Paged<T> {
  data: T[];
  pagination: { count: number; next?: string | null };
}
