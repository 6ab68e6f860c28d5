#!/usr/bin/env python3
"""Writes the sample archives in SampleArchives/ (format v1).

The samples are hand-designed screens, kept as a script so that their geometry stays consistent and a reader
can see how each fault was made. Run from the repository root: python3 Scripts/make-samples.py
"""
import json, os

W, H = 393, 852  # iPhone 16, points
ENV = {"xcode": "16.2 (16C5032a)", "simulator": "iPhone 16", "os": "iOS 18.2", "scale": 3}

def el(type, frame, identifier="", label="", children=(), **kw):
    e = {"type": type, "identifier": identifier, "label": label,
         "frame": {"x": frame[0], "y": frame[1], "width": frame[2], "height": frame[3]}}
    e.update(kw)
    if children:
        e["children"] = list(children)
    return e

def text(frame, label, identifier="", need=None, **kw):
    """A StaticText; `need` is the width its text wants (intrinsicContentSize)."""
    kw.setdefault("isHittable", False)
    if need is not None:
        kw["intrinsicContentSize"] = {"width": need, "height": min(frame[3], 20.3)}
    return el("StaticText", frame, identifier, label, **kw)

def app(name, *children):
    return el("Application", (0, 0, W, H), "", name, [el("Window", (0, 0, W, H), children=children)])

def status_bar():
    return el("StatusBar", (0, 0, W, 54), children=[text((28, 18, 42, 21), "9:41", need=38)])

def write(folder, archive):
    path = os.path.join("SampleArchives", folder)
    os.makedirs(path, exist_ok=True)
    with open(os.path.join(path, "archive.json"), "w", encoding="utf-8") as f:
        json.dump(archive, f, ensure_ascii=False, indent=2)
        f.write("\n")

def base(test, mode, locale, languages, failure, hierarchy, test_data, screen=None, primary=(), recorded="2026-11-28T02:14:07Z"):
    a = {"formatVersion": 1, "test": test}
    if screen:
        a["screen"] = screen
    a.update({"mode": mode, "locale": locale, "languages": languages, "environment": ENV, "recordedAt": recorded,
              "failure": failure, "hierarchy": hierarchy, "testData": test_data,
              "attachments": {"screenshot": "screenshot.png", "xcresult": "LayoutGate.xcresult"}})
    if primary:
        a["primaryActions"] = list(primary)
    return a

# ---------------------------------------------------------------- settings: normal / expanded / rtl

def settings(mode):
    rtl = mode == "rtl"
    T = {
        "normal": dict(title="Settings", back="Back", appearance="APPEARANCE", dark="Dark Mode", text_size="Text Size",
                       large="Large", notif="NOTIFICATIONS", push="Push Notifications", digest="Weekly Summary Email",
                       about="ABOUT", version="Version", build="Build"),
        "expanded": dict(title="［Einstellungen···］", back="［Zurück··］", appearance="［DARSTELLUNG····］",
                         dark="［Dunkelmodus····］", text_size="［Textgröße···］", large="［Groß··］",
                         notif="［MITTEILUNGEN····］", push="［Push-Mitteilungen······］",
                         digest="［Wöchentliche Zusammenfassung per E-Mail·········］", about="［ÜBER··］",
                         version="［Version···］", build="［Build··］"),
        "rtl": dict(title="الإعدادات", back="رجوع", appearance="المظهر", dark="الوضع الداكن", text_size="حجم النص",
                    large="كبير", notif="الإشعارات", push="الإشعارات الفورية", digest="ملخص أسبوعي بالبريد",
                    about="حول", version="الإصدار", build="البناء"),
    }[mode]
    # Row geometry: label at the leading edge, control at the trailing edge. The rtl run mirrors the labels
    # but (the bug) leaves the back chevron and the switches where LTR put them.
    def lead(x, w):
        return (W - x - w) if rtl else x
    def row(y, ident, label, control, need):
        lx, lw = 36, 230
        return el("Cell", (16, y, 361, 44), ident, children=[
            text((lead(lx, lw), y + 11, lw, 22), label, ident + ".label", need=need),
            control,
        ])
    def switch(y, ident, label, on):
        # Switches stay at x=310 in every run: correct for LTR, unmirrored in rtl.
        return el("Switch", (310, y + 6, 51, 31), ident, label, value="1" if on else "0")
    need = {"normal": (86, 140, 190), "expanded": (128, 196, 356), "rtl": (92, 120, 150)}[mode]
    digest_need = need[2]
    nav = el("NavigationBar", (0, 54, W, 44), "Settings", children=[
        el("Button", (8, 54, 72, 44), "BackButton", T["back"], children=[
            el("Image", (8, 64, 17, 22), "chevron.backward", "chevron.backward", isHittable=False)]),
        text((lead(140, 113), 65, 113, 22), T["title"], "settings.title", need=need[0] if mode != "expanded" else 150),
    ])
    table = el("Table", (0, 98, W, 754), "settings.table", children=[
        text((lead(32, 200), 118, 200, 18), T["appearance"], "settings.section.appearance", need=110 if mode != "expanded" else 150),
        row(140, "settings.darkMode", T["dark"], switch(140, "settings.darkMode.toggle", T["dark"], True), need[0]),
        el("Cell", (16, 184, 361, 44), "settings.textSize", children=[
            text((lead(36, 150), 195, 150, 22), T["text_size"], "settings.textSize.label", need=need[0]),
            el("Button", (lead(230, 131), 190, 131, 34), "settings.textSize.picker", T["large"], value=T["large"],
               intrinsicContentSize={"width": 90, "height": 22}),
        ]),
        text((lead(32, 200), 258, 200, 18), T["notif"], "settings.section.notifications", need=120 if mode != "expanded" else 168),
        row(280, "settings.push", T["push"], switch(280, "settings.push.toggle", T["push"], True), need[1]),
        el("Cell", (16, 324, 361, 44), "settings.digest", children=[
            # The expanded German label needs 356 pt but has 230 pt beside the switch: truncated.
            text((lead(36, 230), 335, 230, 22), T["digest"], "settings.digest.label", need=digest_need),
            switch(324, "settings.digest.toggle", T["digest"], False),
        ]),
        text((lead(32, 200), 398, 200, 18), T["about"], "settings.section.about", need=50 if mode != "expanded" else 70),
        el("Cell", (16, 420, 361, 44), "settings.version", children=[
            text((lead(36, 150), 431, 150, 22), T["version"], "settings.version.label", need=62 if mode != "expanded" else 96),
            text((lead(250, 111), 431, 111, 22), "4.12.0", "settings.version.value", need=52),
        ]),
        el("Cell", (16, 464, 361, 44), "settings.build", children=[
            text((lead(36, 150), 475, 150, 22), T["build"], "settings.build.label", need=40 if mode != "expanded" else 70),
            text((lead(250, 111), 475, 111, 22), "2026.11.27-1843", "settings.build.value", need=108),
        ]),
    ])
    hierarchy = app("Acme" if mode != "expanded" else "Acme", status_bar(), nav, table)
    failure = {
        "normal": dict(identifier="settings.digest.toggle", label=T["digest"], frame={"x": 310, "y": 330, "width": 51, "height": 31},
                       isHittable=True, message="Control run passed: archived as the reference for the expanded and rtl runs of this screen"),
        "expanded": dict(identifier="settings.digest.label", label=T["digest"], frame={"x": 36, "y": 335, "width": 230, "height": 22},
                         isHittable=False, message="XCTAssertFalse failed: label 'settings.digest.label' is truncated (needs 356 pt, has 230 pt)",
                         file="SettingsUITests/SettingsLayoutTests.swift", line=88),
        "rtl": dict(identifier="BackButton", label=T["back"], frame={"x": 8, "y": 54, "width": 72, "height": 44},
                    isHittable=True, message="XCTAssertGreaterThan failed: back button minX (8.0) is not in the trailing half in right-to-left layout",
                    file="SettingsUITests/SettingsLayoutTests.swift", line=121),
    }[mode]
    locale, langs = {"normal": ("en_US", ["en"]), "expanded": ("de_DE", ["de"]), "rtl": ("ar_SA", ["ar"])}[mode]
    test = {"normal": "SettingsUITests/testSettingsLayout", "expanded": "SettingsUITests/testSettingsLayoutExpanded",
            "rtl": "SettingsUITests/testSettingsLayoutRTL"}[mode]
    data = {"appVersion": "4.12.0", "build": "2026.11.27-1843", "user": {"name": "Test User", "email": "qa+settings@acme.test"}}
    return base(test, mode, locale, langs, failure, hierarchy, data, screen="Settings")

write("settings-normal", settings("normal"))
write("settings-expanded", settings("expanded"))
write("settings-rtl", settings("rtl"))

# ---------------------------------------------------------------- checkout: confirm pushed below the window

def checkout():
    items = []
    y = 150
    lines = [("［Kabellose Kopfhörer Pro (2. Generation)·········］", "249,00 €", 2),
             ("［USB-C-Ladekabel, geflochten, 2 m·······］", "19,99 €", 1),
             ("［Schutzhülle aus recyceltem Material········］", "39,00 €", 1)]
    for k, (name, price, qty) in enumerate(lines):
        items.append(el("Cell", (0, y, W, 88), f"checkout.item.{k}", children=[
            el("Image", (16, y + 12, 64, 64), f"checkout.item.{k}.image", "", isHittable=False),
            text((92, y + 12, 200, 40), name, f"checkout.item.{k}.name", need=200),
            text((92, y + 56, 120, 20), f"Menge: {qty}" if False else f"［Menge: {qty}····］", f"checkout.item.{k}.quantity", need=110),
            text((300, y + 12, 77, 20), price, f"checkout.item.{k}.price", need=70),
        ]))
        y += 88
    summary = el("Other", (0, 414, W, 400), "checkout.summary", children=[
        text((16, 430, 200, 22), "［Zwischensumme······］", "checkout.subtotal.label", need=180),
        text((270, 430, 107, 22), "326,99 €", "checkout.subtotal.value", need=80),
        text((16, 462, 200, 22), "［Versand···］", "checkout.shipping.label", need=100),
        text((270, 462, 107, 22), "［Kostenlos····］", "checkout.shipping.value", need=104),
        text((16, 494, 200, 22), "［Gesamtsumme inkl. MwSt.··········］", "checkout.total.label", need=198),
        text((270, 494, 107, 22), "326,99 €", "checkout.total.value", need=80),
        text((16, 530, 361, 96), "［Mit Ihrer Bestellung stimmen Sie unseren Allgemeinen Geschäftsbedingungen und der Datenschutzerklärung zu. Die Lieferung erfolgt voraussichtlich innerhalb von 2–4 Werktagen.·······························］",
             "checkout.legal", intrinsicContentSize={"width": 361, "height": 240}),
        el("Switch", (16, 640, 51, 31), "checkout.giftWrap", "［Als Geschenk verpacken········］", value="0"),
        text((80, 644, 297, 22), "［Als Geschenk verpacken········］", "checkout.giftWrap.label", need=250),
        el("Button", (16, 690, 361, 50), "checkout.applyCoupon", "［Gutscheincode einlösen·······］",
           intrinsicContentSize={"width": 240, "height": 22}),
        # The expanded legal text pushed the confirm button below the window (852 pt): not hittable.
        el("Button", (16, 890, 361, 50), "checkout.confirm", "［Kostenpflichtig bestellen·········］", isHittable=False,
           intrinsicContentSize={"width": 276, "height": 22}),
    ])
    nav = el("NavigationBar", (0, 54, W, 96), "checkout.nav", children=[
        el("Button", (8, 54, 44, 44), "BackButton", "［Zurück··］", children=[
            el("Image", (8, 64, 17, 22), "chevron.backward", "chevron.backward", isHittable=False)]),
        text((16, 104, 361, 41), "［Kasse···］", "checkout.title", need=110),
    ])
    hierarchy = app("Acme", status_bar(), nav, el("ScrollView", (0, 150, W, 702), "checkout.scroll", children=items), summary)
    failure = dict(identifier="checkout.confirm", label="［Kostenpflichtig bestellen·········］",
                   frame={"x": 16, "y": 890, "width": 361, "height": 50}, isHittable=False,
                   message="XCTAssertTrue failed: checkout.confirm is not hittable", file="CheckoutUITests/CheckoutLayoutTests.swift", line=54)
    data = {"cart": [{"sku": "HP-PRO-2", "quantity": 2, "price": "249,00 €"}, {"sku": "USBC-2M", "quantity": 1, "price": "19,99 €"},
                     {"sku": "CASE-REC", "quantity": 1, "price": "39,00 €"}],
            "shippingAddress": "Musterstraße 12, 10115 Berlin", "currency": "EUR"}
    return base("CheckoutUITests/testCheckoutLayoutExpanded", "expanded", "de_DE", ["de"], failure, hierarchy, data,
                primary=["checkout.confirm"], recorded="2026-11-28T02:17:44Z")

write("checkout-expanded", checkout())

# ---------------------------------------------------------------- sign-up: Pinyin in composition

def signup():
    form = el("Other", (0, 98, W, 700), "signup.form", children=[
        text((16, 120, 361, 34), "创建账户", "signup.title", need=120),
        text((16, 170, 361, 20), "姓名", "signup.name.label", need=34),
        el("TextField", (16, 194, 361, 44), "signup.name", "姓名", value="zhong", placeholderValue="请输入您的姓名",
           hasFocus=True, markedText="zhong", intrinsicContentSize={"width": 60, "height": 22}),
        # The form already validated the half-typed Pinyin and shows an error.
        text((16, 242, 361, 18), "姓名只能包含汉字", "signup.name.error", need=128),
        text((16, 276, 361, 20), "电子邮件", "signup.email.label", need=68),
        el("TextField", (16, 300, 361, 44), "signup.email", "电子邮件", value="li.wei@example.cn", placeholderValue="name@example.com"),
        text((16, 360, 361, 20), "密码", "signup.password.label", need=34),
        el("SecureTextField", (16, 384, 361, 44), "signup.password", "密码", value="••••••••••"),
        el("Button", (16, 460, 361, 50), "signup.submit", "注册", isEnabled=True, intrinsicContentSize={"width": 34, "height": 22}),
    ])
    keyboard = el("Keyboard", (0, 516, W, 336), "", children=[
        el("Other", (0, 516, W, 44), "candidates", children=[
            el("Button", (8, 520, 40, 36), "", "中"), el("Button", (56, 520, 40, 36), "", "种"), el("Button", (104, 520, 40, 36), "", "重"),
        ]),
    ])
    nav = el("NavigationBar", (0, 54, W, 44), "signup.nav", children=[
        el("Button", (8, 54, 60, 44), "BackButton", "返回")])
    hierarchy = app("Acme", status_bar(), nav, form, keyboard)
    failure = dict(identifier="signup.name.error", label="姓名只能包含汉字", frame={"x": 16, "y": 242, "width": 361, "height": 18},
                   isHittable=False, message="XCTAssertFalse failed: validation message shown while the name field is still composing (marked text 'zhong')",
                   file="SignUpUITests/SignUpIMETests.swift", line=37)
    data = {"typedKeys": "zhong", "expectedName": "钟伟", "email": "li.wei@example.cn", "password": "correct-horse-42"}
    return base("SignUpUITests/testChineseNameCompositionIsNotValidated", "normal", "zh_CN", ["zh-Hans"], failure, hierarchy, data,
                screen="SignUp", primary=["signup.submit"])

write("signup-ime-composition", signup())

# ---------------------------------------------------------------- profile: one hard-coded string

def profile():
    content = el("Other", (0, 98, W, 754), "profile.content", children=[
        el("Image", (146, 118, 100, 100), "profile.avatar", "［Profilbild···］", isHittable=False),
        # Test data: the user's name is fixed and correctly unmarked.
        text((16, 230, 361, 28), "Jordan Alvarez", "profile.name", need=150),
        text((16, 262, 361, 20), "jordan.alvarez@example.com", "profile.email", need=220),
        text((16, 298, 361, 20), "［Mitglied seit März 2021·······］", "profile.memberSince", need=250),
        el("Cell", (0, 340, W, 52), "profile.orders", children=[text((16, 355, 300, 22), "［Meine Bestellungen·····］", "profile.orders.label", need=180)]),
        el("Cell", (0, 392, W, 52), "profile.addresses", children=[text((16, 407, 300, 22), "［Adressen···］", "profile.addresses.label", need=90)]),
        # The hard-coded string: it never went through NSLocalizedString, so it has no markers.
        el("Cell", (0, 444, W, 52), "profile.payment", children=[text((16, 459, 300, 22), "Payment Methods", "profile.payment.label", need=140)]),
        el("Cell", (0, 496, W, 52), "profile.help", children=[text((16, 511, 300, 22), "［Hilfe & Kontakt······］", "profile.help.label", need=160)]),
        text((16, 560, 361, 20), "3", "profile.orders.count", need=10),
        el("Button", (16, 760, 361, 50), "profile.signOut", "［Abmelden····］", intrinsicContentSize={"width": 100, "height": 22}),
    ])
    nav = el("NavigationBar", (0, 54, W, 44), "profile.nav", children=[text((140, 65, 113, 22), "［Profil···］", "profile.title", need=70)])
    hierarchy = app("Acme", status_bar(), nav, content)
    failure = dict(identifier="profile.payment.label", label="Payment Methods", frame={"x": 16, "y": 459, "width": 300, "height": 22},
                   isHittable=False, message="Hard-coded string: 'Payment Methods' has no pseudo-localization markers",
                   file="ProfileUITests/ProfileLocalizationTests.swift", line=23)
    data = {"user": {"name": "Jordan Alvarez", "email": "jordan.alvarez@example.com", "memberSince": "2021-03-14"}, "orderCount": 3}
    return base("ProfileUITests/testProfileStringsAreLocalizedExpanded", "expanded", "de_DE", ["de"], failure, hierarchy, data, screen="Profile")

write("profile-hardcoded-expanded", profile())

# ---------------------------------------------------------------- chat: CJK, Arabic and emoji labels

def chat():
    msgs = el("CollectionView", (0, 98, W, 640), "chat.messages", children=[
        el("Cell", (0, 110, W, 70), "chat.message.0", children=[
            text((16, 114, 200, 18), "ليلى حداد", "chat.message.0.sender", need=70),
            text((16, 134, 300, 40), "مرحبا! هل وصلت الطلبية؟ 📦", "chat.message.0.body", need=210)]),
        el("Cell", (0, 190, W, 70), "chat.message.1", children=[
            text((120, 194, 257, 18), "田中 太郎", "chat.message.1.sender", need=70),
            text((120, 214, 257, 40), "はい、昨日届きました。ありがとうございます！🙏", "chat.message.1.body", need=360,
                 intrinsicContentSize={"width": 257, "height": 40})]),
        el("Cell", (0, 270, W, 70), "chat.message.2", children=[
            text((16, 274, 200, 18), "김민준", "chat.message.2.sender", need=50),
            text((16, 294, 300, 40), "좋아요 👍 다음 주에 또 주문할게요", "chat.message.2.body", need=240)]),
        el("Cell", (0, 350, W, 70), "chat.message.3", children=[
            text((16, 354, 200, 18), "李伟", "chat.message.3.sender", need=34),
            text((16, 374, 300, 40), "收到，谢谢！请问可以开发票吗？", "chat.message.3.body", need=260)]),
    ])
    composer = el("Other", (0, 738, W, 80), "chat.composer", children=[
        el("TextField", (16, 750, 300, 40), "chat.input", "メッセージ", placeholderValue="メッセージを入力"),
        el("Button", (324, 748, 53, 44), "chat.send", "送信", intrinsicContentSize={"width": 34, "height": 22}),
        el("Button", (0, 790, 30, 28), "chat.attach", ""),
    ])
    nav = el("NavigationBar", (0, 54, W, 44), "chat.nav", children=[
        el("Button", (8, 54, 60, 44), "BackButton", "戻る"),
        text((100, 65, 193, 22), "サポート 💬", "chat.title", need=100)])
    hierarchy = app("Acme", status_bar(), nav, msgs, composer)
    failure = dict(identifier="chat.attach", label="", frame={"x": 0, "y": 790, "width": 30, "height": 28}, isHittable=True,
                   message="Accessibility audit failed: Button 'chat.attach' has no label", file="ChatUITests/ChatAccessibilityTests.swift", line=61)
    data = {"contacts": ["ليلى حداد", "田中 太郎", "김민준", "李伟"], "serverMessages": ["مرحبا! هل وصلت الطلبية؟ 📦"]}
    return base("ChatUITests/testSupportChatAccessibility", "normal", "ja_JP", ["ja"], failure, hierarchy, data, screen="SupportChat")

write("chat-cjk-arabic", chat())

# ---------------------------------------------------------------- orders: a long list (a few hundred elements)

def orders():
    cells = []
    for k in range(90):
        y = 98 + k * 64
        cells.append(el("Cell", (0, y, W, 64), f"orders.row.{k}", children=[
            text((16, y + 8, 250, 22), f"［Bestellung Nr. {40210 + k}·····］", f"orders.row.{k}.title", need=230),
            text((16, y + 34, 250, 18), f"{(k % 28) + 1:02d}.{(k % 12) + 1:02d}.2026", f"orders.row.{k}.date", need=80),
            text((280, y + 8, 97, 22), f"{19 + (k * 7) % 300},{k % 100:02d} €", f"orders.row.{k}.total", need=72),
        ]))
    nav = el("NavigationBar", (0, 54, W, 44), "orders.nav", children=[text((120, 65, 153, 22), "［Bestellungen·····］", "orders.title", need=140)])
    # Row 7's status badge is too narrow for its expanded text.
    cells[7]["children"].append(text((280, 98 + 7 * 64 + 34, 60, 18), "［Storniert·····］", "orders.row.7.status", need=96))
    table = el("Table", (0, 98, W, 754), "orders.table", children=cells)
    tab = el("TabBar", (0, 769, W, 83), "orders.tabs", children=[
        el("Button", (0, 769, 131, 49), "tab.home", "［Start··］", isSelected=False),
        el("Button", (131, 769, 131, 49), "tab.orders", "［Bestellungen·····］", isSelected=True),
        el("Button", (262, 769, 131, 49), "tab.account", "［Konto···］", isSelected=False)])
    hierarchy = app("Acme", status_bar(), nav, table, tab)
    failure = dict(identifier="orders.row.7.status", label="［Storniert·····］", frame={"x": 280, "y": 580, "width": 60, "height": 18},
                   isHittable=False, message="XCTAssertFalse failed: 'orders.row.7.status' is truncated", file="OrdersUITests/OrderListTests.swift", line=142)
    data = {"orders": [{"number": 40210 + k, "total": f"{19 + (k * 7) % 300},{k % 100:02d} €"} for k in range(0, 90, 15)], "pageSize": 90}
    return base("OrdersUITests/testOrderHistoryLongListExpanded", "expanded", "de_DE", ["de"], failure, hierarchy, data, screen="OrderHistory")

write("orders-long-list-expanded", orders())

# ---------------------------------------------------------------- checkout rtl: pay button covered by a toast

def payment_rtl():
    content = el("Other", (0, 98, W, 754), "payment.content", children=[
        text((W - 16 - 361, 120, 361, 28), "الدفع", "payment.title", need=60),
        el("Cell", (0, 170, W, 56), "payment.card", children=[
            el("Image", (W - 16 - 40, 180, 40, 36), "payment.card.icon", "بطاقة", isHittable=False),
            text((W - 66 - 250, 187, 250, 22), "فيزا •••• 4242", "payment.card.label", need=120),
            el("Image", (357, 190, 12, 16), "chevron.right", "chevron.right", isHittable=False)]),
        el("Cell", (0, 226, W, 56), "payment.applePay", children=[
            text((W - 66 - 250, 243, 250, 22), "Apple Pay", "payment.applePay.label", need=80)]),
        text((16, 600, 361, 22), "المجموع: ٣٢٦٫٩٩ ر.س", "payment.total", need=160),
        el("Button", (16, 640, 361, 50), "payment.pay", "ادفع الآن", isHittable=False, intrinsicContentSize={"width": 80, "height": 22}),
        # A toast drawn above the pay button swallows its taps.
        el("Other", (16, 630, 361, 70), "toast.banner", children=[
            text((32, 645, 329, 40), "تعذر الاتصال بالخادم. حاول مرة أخرى.", "toast.message", need=280)]),
    ])
    nav = el("NavigationBar", (0, 54, W, 44), "payment.nav", children=[
        el("Button", (W - 8 - 60, 54, 60, 44), "BackButton", "رجوع")])
    hierarchy = app("Acme", status_bar(), nav, content)
    failure = dict(identifier="payment.pay", label="ادفع الآن", frame={"x": 16, "y": 640, "width": 361, "height": 50}, isHittable=False,
                   message="XCTAssertTrue failed: payment.pay is not hittable", file="PaymentUITests/PaymentRTLTests.swift", line=77)
    data = {"card": {"brand": "Visa", "last4": "4242"}, "serverMessages": ["تعذر الاتصال بالخادم. حاول مرة أخرى."], "total": "326.99 SAR"}
    return base("PaymentUITests/testPaymentLayoutRTL", "rtl", "ar_SA", ["ar"], failure, hierarchy, data, screen="Payment", primary=["payment.pay"])

write("payment-toast-rtl", payment_rtl())
print("wrote", len(os.listdir("SampleArchives")), "sample archives")
