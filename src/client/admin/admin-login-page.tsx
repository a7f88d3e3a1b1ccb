import { Link, Navigate } from 'react-router'
import { LoginForm } from '../auth/auth-forms'
import { useAuth } from '../lib/auth'
import { Button } from '../ui/button'

export function AdminLoginPage() {
  const { user, isPending } = useAuth()
  if (!isPending && user?.isAdmin) return <Navigate to="/admin/dashboard" replace />
  return (
    <main className="flex min-h-screen items-center justify-center bg-sand/60 px-4">
      <div className="w-full max-w-sm border border-ink/10 bg-ivory p-8 shadow-sm">
        <p className="text-xs uppercase tracking-[0.3em] text-jade-700">Back office</p>
        <h1 className="mt-3 font-display text-3xl text-ink">Admin Login</h1>
        <div className="mt-8">
          <LoginForm idPrefix="admin-login" />
        </div>
        {user && !user.isAdmin && (
          <p className="mt-4 text-sm text-sold" role="alert">
            This account is not an administrator.
          </p>
        )}
        <Button asChild variant="link" className="mt-6 w-full">
          <Link to="/">Return to Store</Link>
        </Button>
      </div>
    </main>
  )
}
