import { Link, Navigate, useSearchParams } from 'react-router'
import { LoginForm, RegisterForm } from '../auth/auth-forms'
import { useAuth } from '../lib/auth'
import { PageSkeleton } from '../ui/page-skeleton'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../ui/tabs'

export function LoginPage() {
  const [searchParams, setSearchParams] = useSearchParams()
  const { user, isPending } = useAuth()
  const tab = searchParams.get('tab') === 'register' ? 'register' : 'login'

  if (isPending) return <PageSkeleton />
  // Signed in already (or just now): admins go to the back office, customers to their account.
  if (user) return <Navigate to={user.isAdmin ? '/admin/dashboard' : '/account/profile'} replace />

  return (
    <section className="mx-auto max-w-md px-4 py-16 sm:py-24">
      <h1 className="text-center font-display text-4xl text-ink">Welcome</h1>
      <p className="mt-3 text-center text-ink-muted">Sign in to follow your orders and keep a wishlist.</p>
      <Tabs
        value={tab}
        onValueChange={(value) =>
          setSearchParams(value === 'register' ? { tab: 'register' } : {}, { replace: true })
        }
        className="mt-10"
      >
        <TabsList className="grid w-full grid-cols-2">
          <TabsTrigger value="login">Login</TabsTrigger>
          <TabsTrigger value="register">Register</TabsTrigger>
        </TabsList>
        <TabsContent value="login" className="pt-8">
          <LoginForm idPrefix="login" />
          <div className="mt-6 flex justify-between text-sm">
            <Link to="/account/forgot-password" className="text-jade-700 hover:underline">
              Forgot password?
            </Link>
            <Link to="/account/login?tab=register" className="text-jade-700 hover:underline">
              Create an account
            </Link>
          </div>
        </TabsContent>
        <TabsContent value="register" className="pt-8">
          <RegisterForm />
        </TabsContent>
      </Tabs>
    </section>
  )
}
