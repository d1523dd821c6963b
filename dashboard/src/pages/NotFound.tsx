import { Link } from 'react-router';
import { Empty } from '../components/states';
import { PageHeader } from '../components/page';

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
