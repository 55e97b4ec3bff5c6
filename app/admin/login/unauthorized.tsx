// The login page's answer to a refused token: the same page with the error summary, status 401.
import { LoginView } from "@/components/admin-login-form";
import { refusedLoginNext } from "./refused";

export default function RefusedLogin() {
  return <LoginView next={refusedLoginNext()} refused flash={null} />;
}
