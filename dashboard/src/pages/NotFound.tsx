import { Link } from 'react-router';
import { Empty, PageHeader } from '../components/ui';

export default function NotFound() {
  return (
    <>
      <PageHeader title="Page not found" />
      <Empty title="Nothing here" action={<Link to="/">Go to the overview</Link>}>
        The address may be mistyped, or the page has moved.
      </Empty>
    </>
  );
}
