import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { ArrowLeft, CheckCircle2, Download, Loader2, Smartphone } from "lucide-react";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "../../components/ui/card.tsx";
import { useDeviceEnvironment } from "../../lib/device-environment.ts";
import { AFTER_INSTALL_PATH, isIos, useInstallAction } from "../../pwa/use-install-action.ts";
import { useInstallState } from "../../pwa/use-install-state.ts";
import { QrCodeImage } from "../../components/qr-code-image.tsx";

function OpenAppsButton() {
  const { t } = useTranslation("pwa");
  return (
    <Button asChild variant="outline">
      <Link to={AFTER_INSTALL_PATH}>{t("installPage.openApps")}</Link>
    </Button>
  );
}

function MobileInstall({ canInstall }: { canInstall: boolean }) {
  const { t } = useTranslation("pwa");
  const { install, installing } = useInstallAction();
  if (canInstall) {
    return (
      <Button size="lg" loading={installing} onClick={() => void install()}>
        {installing ? null : <Download aria-hidden />}
        {installing ? t("installPage.installing") : t("installPage.installNow")}
      </Button>
    );
  }
  return (
    <div className="flex flex-col items-center gap-4">
      <p className="font-medium">{t(isIos() ? "installToast.iosTitle" : "installPage.fallbackTitle")}</p>
      <p className="text-sm text-muted-foreground">
        {t(isIos() ? "installToast.iosDescription" : "installToast.fallback")}
      </p>
      <OpenAppsButton />
    </div>
  );
}

function DesktopInstall() {
  const { t } = useTranslation("pwa");
  const address = window.location.href;
  return (
    <div className="flex flex-col items-center gap-4">
      <p className="font-medium">{t("installPage.desktopTitle")}</p>
      <p className="max-w-sm text-sm text-muted-foreground">{t("installPage.desktopMessage")}</p>
      <QrCodeImage text={address} alt={t("installPage.qrAlt")} />
      <p className="text-sm text-muted-foreground">{t("installPage.linkLabel")}</p>
      <a href={address} className="break-all font-mono text-sm text-primary underline underline-offset-4">
        {address}
      </a>
      <Button asChild variant="ghost">
        <Link to="/home">
          <ArrowLeft aria-hidden />
          {t("installPage.back")}
        </Link>
      </Button>
    </div>
  );
}

/** /install (spec 001 §2): installed → onwards; phone → install now or instructions; computer → QR code to open it on the phone. */
export default function InstallPage() {
  const { t } = useTranslation("pwa");
  const { device } = useDeviceEnvironment();
  const { isReady, isInstalled, canInstall } = useInstallState();

  let body;
  if (!isReady) {
    body = (
      <div role="status" className="flex flex-col items-center gap-3 py-8">
        <Loader2 className="size-8 animate-spin text-primary" aria-hidden />
        <p className="text-sm text-muted-foreground">{t("installPage.loading")}</p>
      </div>
    );
  } else if (isInstalled) {
    body = (
      <div className="flex flex-col items-center gap-4">
        <CheckCircle2 className="size-10 text-primary" aria-hidden />
        <p className="font-medium">{t("installPage.installedTitle")}</p>
        <p className="text-sm text-muted-foreground">{t("installPage.installedMessage")}</p>
        <OpenAppsButton />
      </div>
    );
  } else {
    body = device.isMobile ? <MobileInstall canInstall={canInstall} /> : <DesktopInstall />;
  }

  return (
    <section className="mx-auto flex max-w-lg flex-col py-6">
      <Card>
        <CardHeader className="items-center text-center">
          <Smartphone className="size-10 text-primary" aria-hidden />
          <h1 className="text-2xl font-bold">{t("installPage.title")}</h1>
          <CardDescription>{t("installPage.subtitle")}</CardDescription>
        </CardHeader>
        <CardContent className="text-center">{body}</CardContent>
      </Card>
    </section>
  );
}
