import { Link } from 'react-router-dom';
import { useAuthStore } from 'shared-api';
import { LoginForm } from './LoginForm';

/** /login (spec 000 §2.3). On success the public-page guard sends the member back where they came from. */
export function LoginPage() {
  const setUser = useAuthStore((s) => s.setUser);
  return <LoginForm onSignedIn={setUser} Link={Link} />;
}
