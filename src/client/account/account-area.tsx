import { Route, Routes } from 'react-router'
import { NotFoundPage } from '../ui/not-found-page'
import { ForgotPasswordPage } from './forgot-password-page'
import { LoginPage } from './login-page'
import { ProfilePage } from './profile-page'
import { ResetPasswordPage } from './reset-password-page'
import { WishlistPage } from './wishlist/wishlist-page'

/** The client-only /account/* area (its own lazy chunk). */
export default function AccountArea() {
  return (
    <Routes>
      <Route path="login" element={<LoginPage />} />
      <Route path="forgot-password" element={<ForgotPasswordPage />} />
      <Route path="reset-password" element={<ResetPasswordPage />} />
      <Route path="profile" element={<ProfilePage />} />
      <Route path="wishlist" element={<WishlistPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  )
}
