import { SignInPage } from '../../features/back-office/SignInPage';

/** /gestion/ingresar */
export function SignInRoute() {
  return <SignInPage />;
}
