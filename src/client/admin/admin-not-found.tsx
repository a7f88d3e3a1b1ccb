import { Compass } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '../ui/button'
import { EmptyState } from '../ui/empty-state'

export function AdminNotFound() {
  return (
    <EmptyState
      className="py-20"
      icon={<Compass className="size-7" aria-hidden />}
      title="Page Not Found"
      description="This back-office page does not exist."
      action={
        <Button asChild>
          <Link to="/admin/dashboard">Go to the Dashboard</Link>
        </Button>
      }
    />
  )
}
