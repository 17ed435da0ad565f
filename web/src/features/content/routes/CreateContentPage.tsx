import { useNavigate } from 'react-router';
import PostFormDialog from '../components/PostFormDialog';

/** The modal routes create/post ('Share something') and create/newsletter ('Submit a newsletter'), shown over the home page; both go back to / . */
export function CreatePostPage() {
  const navigate = useNavigate();
  return <PostFormDialog open kind="post" onClose={() => void navigate('/')} />;
}

export function CreateNewsletterPage() {
  const navigate = useNavigate();
  return <PostFormDialog open kind="newsletter" onClose={() => void navigate('/')} />;
}
