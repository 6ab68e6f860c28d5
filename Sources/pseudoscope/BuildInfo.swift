/// What `pseudoscope --version` says about the build. `Scripts/release` writes the commit here for the
/// release binary (and puts this file back afterwards); a build from a checkout says it is one.
enum BuildInfo {
    static let commit: String? = nil
}
