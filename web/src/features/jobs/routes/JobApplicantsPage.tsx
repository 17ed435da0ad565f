import ApplicantsTable from '../components/ApplicantsTable';
import { useJobContext } from '../jobContext';

/** The Applicants tab (job administrators only; the layout shows it to them alone). */
export default function JobApplicantsPage() {
  const { job } = useJobContext();
  return <ApplicantsTable job={job} />;
}
