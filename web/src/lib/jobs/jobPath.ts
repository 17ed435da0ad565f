// A job's address, for the job screens and the lists that link to jobs (favourites, my area).

/** The page of a job. */
export function jobPath(job: { slug: string }): string {
  return `/job/${encodeURIComponent(job.slug)}`;
}
