import { NotFound } from '../../components/NotFound';

/** Unknown addresses, and pages whose post, account or person does not exist, land here. */
export function NotFoundPage() {
  return <NotFound />;
}
